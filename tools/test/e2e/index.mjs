import { accountTests } from './account.mjs';
import { adminTests } from './admin.mjs';
import { maintenanceTests } from './maintenance.mjs';

export const tests = [...accountTests, ...maintenanceTests, ...adminTests];
