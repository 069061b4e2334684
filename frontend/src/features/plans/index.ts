export { UpgradeDialogProvider, useUpgradeDialog } from './hooks/upgrade-dialog';
export { readPendingSelection, clearPendingSelection } from './lib/pending-selection';
export { type PlanId } from './lib/plans';
export { PlanSwitchDialog } from './components/PlanSwitchDialog';
export { DeveloperTestingPanel } from './components/DeveloperTestingPanel';
