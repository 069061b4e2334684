import { accountTests } from './account.mjs';
import { maintenanceTests } from './maintenance.mjs';

export const tests = [...accountTests, ...maintenanceTests];
