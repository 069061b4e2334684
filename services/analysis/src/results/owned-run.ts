import type { Caller } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import type { AnalysisRunEntity } from '../jobs/analysis-run.entity';
import type { AnalysisRuns } from '../jobs/analysis-runs';
import type { AnalysisResults } from '@originality/contracts';

/** A completed run: its result and timing are there. */
export type CompletedRun = AnalysisRunEntity & { results: AnalysisResults; processingMs: number; finishedAt: Date };

/** How another user's upload is answered: 403 (the result route, as it always did) or 404, like no upload. */
export type OthersSee = 'forbidden' | 'notFound';

/**
 * The caller's latest completed run of an upload; a reanalysis in progress leaves the previous result readable.
 * Another user's upload is refused as `othersSee` says.
 */
export async function completedRunOf(
  runs: AnalysisRuns,
  caller: Caller | null,
  uploadId: string,
  othersSee: OthersSee,
): Promise<CompletedRun> {
  if (!caller) throw DomainError.unauthenticated();
  const run = (await runs.latestCompleted(uploadId)) ?? (await runs.anyRun(uploadId));
  if (!run) throw DomainError.notFound('No analysis exists for this upload.');
  if (run.userId !== caller.userId)
    throw othersSee === 'forbidden'
      ? DomainError.forbidden('This upload belongs to another user.')
      : DomainError.notFound('Upload not found.');
  if (run.status !== 'completed' || !run.results || run.processingMs === null || !run.finishedAt)
    throw DomainError.notFound('The analysis of this upload has not completed yet.');
  return run as CompletedRun;
}
