import type { CurrentUser } from '@originality/contracts';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { UpgradeDialog } from '../components/UpgradeDialog';
import type { PlanId } from '../lib/plans';

interface Selection {
  planId?: PlanId;
  coupon?: string;
}

const OpenUpgradeDialog = createContext<(selection?: Selection) => void>(() => {});

/** One upgrade dialog for the whole app; any button opens it through {@link useUpgradeDialog}. */
export function UpgradeDialogProvider({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const open = useCallback((next: Selection = {}) => setSelection(next), []);
  const close = useCallback(() => setSelection(null), []);
  const value = useMemo(() => open, [open]);
  return (
    <OpenUpgradeDialog.Provider value={value}>
      {children}
      <UpgradeDialog
        open={selection !== null}
        user={user}
        initialPlan={selection?.planId}
        initialCoupon={selection?.coupon}
        onClose={close}
      />
    </OpenUpgradeDialog.Provider>
  );
}

export const useUpgradeDialog = () => useContext(OpenUpgradeDialog);
