import { Injectable } from '@nestjs/common';
import type { AnalysisResultView, Caller } from '@originality/contracts';
import { AnalysisRuns } from '../jobs/analysis-runs';
import { completedRunOf } from './owned-run';

/** Reading results: only the upload's owner sees them (admins get their own routes). */
@Injectable()
export class ResultsService {
  constructor(private readonly runs: AnalysisRuns) {}

  async resultOf(caller: Caller | null, uploadId: string): Promise<AnalysisResultView> {
    const run = await completedRunOf(this.runs, caller, uploadId, 'forbidden');
    return {
      ...run.results,
      uploadId: run.uploadId,
      title: run.title,
      analysedAt: run.finishedAt.toISOString(),
      processingMs: run.processingMs,
    };
  }
}
