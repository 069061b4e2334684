import type { CurrentUser, UploadView } from '@originality/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ProfileStatistics } from '../../../components/ProfileStatistics';
import type { Access } from '../../../lib/access';
import { toast } from '../../../lib/toast';
import { clearPendingSelection, readPendingSelection, useUpgradeDialog } from '../../plans';
import { ResultsView } from '../../results';
import { ProgressCard, UploadHistory, UploadPanel, useRunningUpload } from '../../uploads';

/** The open result lives in the address (`/?result=<uploadId>`), so Back and reload keep the view. */
const RESULT_PARAM = 'result';

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

function useOpenResult() {
  const [params, setParams] = useSearchParams();
  const open = useCallback((uploadId: string) => setParams({ [RESULT_PARAM]: uploadId }), [setParams]);
  const close = useCallback(() => setParams({}), [setParams]);
  return { openResultId: params.get(RESULT_PARAM), open, close };
}

/** After a reload, the card picks up the newest analysis still under way (once; a dismissed card stays closed). */
function useFollowRunningAnalysis(idle: boolean, followed: ReadonlySet<string>, follow: (upload: UploadView) => void) {
  const running = useRunningUpload();
  useEffect(() => {
    if (idle && running && !followed.has(running.id)) follow(running);
  }, [idle, running, followed, follow]);
}

export function HomePage({ user, access }: { user: CurrentUser; access: Access }) {
  useResumePlanChoice();
  const result = useOpenResult();
  const [analysing, setAnalysing] = useState<{ upload: UploadView; run: number } | null>(null);
  const followed = useRef(new Set<string>());
  const follow = useCallback((upload: UploadView) => {
    followed.current.add(upload.id);
    setAnalysing((previous) => ({ upload, run: (previous?.run ?? 0) + 1 }));
  }, []);
  useFollowRunningAnalysis(analysing === null, followed.current, follow);
  const dismissProgress = useCallback(() => setAnalysing(null), []);
  const { open: openResult } = result;
  const openCompleted = useCallback(
    (uploadId: string) => {
      setAnalysing(null);
      openResult(uploadId);
    },
    [openResult],
  );

  if (result.openResultId) return <ResultsView uploadId={result.openResultId} onBack={result.close} />;
  return (
    <div className="stack">
      <section>
        <h1>Check Your Music's Originality</h1>
        <p className="muted">
          Upload AI-generated music and compare it with published songs: you get an originality score and the tracks it
          sounds closest to.
        </p>
      </section>
      <UploadPanel onStarted={follow} />
      {analysing && (
        <ProgressCard
          key={analysing.run}
          upload={analysing.upload}
          onCompleted={openCompleted}
          onDismiss={dismissProgress}
        />
      )}
      <ProfileStatistics user={user} access={access} />
      <UploadHistory onOpenResult={result.open} onReanalysisStarted={follow} />
    </div>
  );
}
