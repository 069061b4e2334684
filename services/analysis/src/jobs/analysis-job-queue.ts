import { JetStreamProvider, WorkQueue } from '@originality/platform';
import type { Provider } from '@nestjs/common';
import { ANALYSIS_CONFIG, type AnalysisConfig } from '../config';

/** One queued analysis; everything else the worker reads from the run's row. */
export interface AnalysisJob {
  analysisId: string;
  uploadId: string;
}

export const ANALYSIS_JOBS_STREAM = 'ANALYSIS_JOBS';
export const ANALYSIS_JOBS_SUBJECT = 'jobs.analysis.run';

/** The analysis work queue, shared by every worker process (one durable consumer). */
export class AnalysisJobQueue extends WorkQueue<AnalysisJob> {}

export const analysisJobQueueProvider: Provider = {
  provide: AnalysisJobQueue,
  inject: [JetStreamProvider, ANALYSIS_CONFIG],
  useFactory: (jetStream: JetStreamProvider, config: AnalysisConfig) =>
    new AnalysisJobQueue(jetStream, {
      stream: ANALYSIS_JOBS_STREAM,
      subject: ANALYSIS_JOBS_SUBJECT,
      durable: 'analysis-worker',
      ackWaitMs: config.ANALYSIS_JOB_ACK_WAIT_SEC * 1000,
      maxAttempts: config.ANALYSIS_JOB_MAX_ATTEMPTS,
      concurrency: config.ANALYSIS_CONCURRENCY,
    }),
};
