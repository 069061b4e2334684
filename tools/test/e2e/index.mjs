import { accountTests } from './account.mjs';
import { billingTests } from './billing.mjs';
import { maintenanceTests } from './maintenance.mjs';

export const tests = [...accountTests, ...maintenanceTests, ...billingTests];
