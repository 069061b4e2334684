import { Injectable } from '@nestjs/common';
import type { AnalysisResultView, Caller } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import { AnalysisRuns } from '../jobs/analysis-runs';

/** Reading results: only the upload's owner sees them (admins get their own routes). */
@Injectable()
export class ResultsService {
  constructor(private readonly runs: AnalysisRuns) {}

  async resultOf(caller: Caller | null, uploadId: string): Promise<AnalysisResultView> {
    if (!caller) throw DomainError.unauthenticated();
    const run = (await this.runs.latestCompleted(uploadId)) ?? (await this.runs.anyRun(uploadId));
    if (!run) throw DomainError.notFound('No analysis exists for this upload.');
    if (run.userId !== caller.userId) throw DomainError.forbidden('This upload belongs to another user.');
    if (run.status !== 'completed' || !run.results || run.processingMs === null || !run.finishedAt)
      throw DomainError.notFound('The analysis of this upload has not completed yet.');
    return {
      ...run.results,
      uploadId: run.uploadId,
      title: run.title,
      analysedAt: run.finishedAt.toISOString(),
      processingMs: run.processingMs,
    };
  }
}
