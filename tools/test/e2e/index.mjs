import { accountTests } from './account.mjs';
import { adminTests } from './admin.mjs';
import { billingTests } from './billing.mjs';
import { maintenanceTests } from './maintenance.mjs';
import { uploadTests } from './upload.mjs';

export const tests = [...accountTests, ...maintenanceTests, ...uploadTests, ...billingTests, ...adminTests];
