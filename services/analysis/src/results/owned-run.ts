import type { Caller } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import type { AnalysisRunEntity } from '../jobs/analysis-run.entity';
import type { AnalysisRuns } from '../jobs/analysis-runs';
import type { AnalysisResults } from '@originality/contracts';

/** A completed run: its result and timing are there. */
export type CompletedRun = AnalysisRunEntity & { results: AnalysisResults; processingMs: number; finishedAt: Date };

/**
 * The caller's latest completed run of an upload. Another user's upload is answered as missing (404), like an
 * upload that does not exist, so ids cannot be probed; a reanalysis in progress leaves the previous result readable.
 */
export async function completedRunOf(
  runs: AnalysisRuns,
  caller: Caller | null,
  uploadId: string,
): Promise<CompletedRun> {
  if (!caller) throw DomainError.unauthenticated();
  const run = (await runs.latestCompleted(uploadId)) ?? (await runs.anyRun(uploadId));
  if (!run || run.userId !== caller.userId) throw DomainError.notFound('Upload not found.');
  if (run.status !== 'completed' || !run.results || run.processingMs === null || !run.finishedAt)
    throw DomainError.notFound('The analysis of this upload has not completed yet.');
  return run as CompletedRun;
}
