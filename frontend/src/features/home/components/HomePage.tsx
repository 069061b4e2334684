import type { CurrentUser } from '@originality/contracts';
import { useEffect } from 'react';
import { ProfileStatistics } from '../../../components/ProfileStatistics';
import type { Access } from '../../../lib/access';
import { toast } from '../../../lib/toast';
import { clearPendingSelection, readPendingSelection, useUpgradeDialog } from '../../plans';
import { UploadsComingSoon } from './UploadsComingSoon';

/** Resumes a plan choice made before sign-in (spec §2: the dialog reopens prefilled). */
function useResumePlanChoice() {
  const openUpgrade = useUpgradeDialog();
  useEffect(() => {
    const pending = readPendingSelection();
    if (!pending) return;
    clearPendingSelection();
    openUpgrade({ planId: pending.planId, coupon: pending.coupon });
    toast({ title: 'Complete Your Subscription', description: 'Your chosen plan is ready below.' });
  }, [openUpgrade]);
}

export function HomePage({ user, access }: { user: CurrentUser; access: Access }) {
  useResumePlanChoice();
  return (
    <div className="stack">
      <section>
        <h1>Check Your Music's Originality</h1>
        <p className="muted">
          Upload AI-generated music and compare it with published songs: you get an originality score and the tracks it
          sounds closest to.
        </p>
      </section>
      <UploadsComingSoon />
      <ProfileStatistics user={user} access={access} />
    </div>
  );
}
