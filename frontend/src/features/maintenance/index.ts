export { useMaintenanceStatus, getMaintenanceStatus } from './api/get-maintenance-status';
export { MaintenancePage } from './components/MaintenancePage';
