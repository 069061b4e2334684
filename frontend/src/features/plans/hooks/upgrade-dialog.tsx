import type { CurrentUser } from '@originality/contracts';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { PlanId } from '../lib/plans';

interface Selection {
  planId?: PlanId;
  coupon?: string;
}

/** Loaded when first opened: its modal, inputs and plan cards stay out of the pages that never open it. */
const UpgradeDialog = lazy(() => import('../components/UpgradeDialog').then((m) => ({ default: m.UpgradeDialog })));

const OpenUpgradeDialog = createContext<(selection?: Selection) => void>(() => {});

/** One upgrade dialog for the whole app; any button opens it through {@link useUpgradeDialog}. */
export function UpgradeDialogProvider({ user, children }: { user: CurrentUser | null; children: ReactNode }) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: Selection = {}) => {
    setSelection(next);
    setOpened(true);
  }, []);
  const close = useCallback(() => setSelection(null), []);
  const value = useMemo(() => open, [open]);
  return (
    <OpenUpgradeDialog.Provider value={value}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <UpgradeDialog
            open={selection !== null}
            user={user}
            initialPlan={selection?.planId}
            initialCoupon={selection?.coupon}
            onClose={close}
          />
        </Suspense>
      )}
    </OpenUpgradeDialog.Provider>
  );
}

export const useUpgradeDialog = () => useContext(OpenUpgradeDialog);
