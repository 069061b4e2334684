export { UpgradeDialogProvider, useUpgradeDialog } from './hooks/upgrade-dialog';
export { readPendingSelection, clearPendingSelection } from './lib/pending-selection';
export { PLANS, planById, type PlanId } from './lib/plans';
