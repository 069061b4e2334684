import {
  ANALYSIS_STAGES,
  type AnalysisProgress,
  type AnalysisStage,
  type AnalysisStatus,
  progressSubject,
} from '@originality/contracts';
import type { NatsConnection } from 'nats';

/** Share of the whole job each stage takes (measured on a warm worker, 3-minute MP3; download counts as initializing). */
const STAGE_WEIGHTS: Record<AnalysisStage, number> = {
  initializing: 32,
  'extracting audio features': 25,
  'analyzing melody patterns': 18,
  'comparing with database': 23,
  'calculating originality score': 2,
};

/** At most one progress message per this many ms within a stage; a stage change always goes out. */
export const PROGRESS_INTERVAL_MS = 200;

/** How far a job is, 0–99 while it runs (100 only once the result is stored). */
export function percentOf(stage: AnalysisStage, fraction: number): number {
  const before = ANALYSIS_STAGES.slice(0, ANALYSIS_STAGES.indexOf(stage)).reduce((s, x) => s + STAGE_WEIGHTS[x], 0);
  const within = STAGE_WEIGHTS[stage] * Math.min(1, Math.max(0, fraction));
  return Math.min(99, Math.round(before + within));
}

/**
 * Live progress of one analysis on core NATS (`progress.analysis.<uploadId>`): ephemeral, for whoever
 * watches now (the gateway's SSE stream). Durable outcomes go through the outbox instead.
 */
export class ProgressReporter {
  /** Null until the first message, which always goes out. */
  private stage: AnalysisStage | null = null;
  private lastPercent = -1;
  private lastSentAt = 0;
  private readonly ids: { uploadId: string; analysisId: string };

  constructor(
    private readonly nc: NatsConnection,
    run: { uploadId: string; analysisId: string },
    private readonly now: () => number = Date.now,
  ) {
    this.ids = { uploadId: run.uploadId, analysisId: run.analysisId };
  }

  /** The engine's onProgress: throttled within a stage, never going backwards. */
  readonly update = (stage: AnalysisStage, fraction: number): void => {
    const percent = Math.max(this.lastPercent, percentOf(stage, fraction));
    const stageChanged = stage !== this.stage;
    if (!stageChanged && (percent === this.lastPercent || this.now() - this.lastSentAt < PROGRESS_INTERVAL_MS)) return;
    this.stage = stage;
    this.send({ stage, percent, status: 'analyzing' });
  };

  completed(): void {
    this.send({ stage: 'calculating originality score', percent: 100, status: 'completed' });
  }

  failed(reason: string): void {
    this.send({
      stage: this.stage ?? 'initializing',
      percent: Math.max(0, this.lastPercent),
      status: 'failed',
      reason,
    });
  }

  private send(progress: { stage: AnalysisStage; percent: number; status: AnalysisStatus; reason?: string }): void {
    this.lastPercent = progress.percent;
    this.lastSentAt = this.now();
    const message: AnalysisProgress = { ...this.ids, ...progress };
    // Core NATS publish is fire-and-forget; with no subscriber (nobody watching) it costs nothing.
    if (!this.nc.isClosed()) this.nc.publish(progressSubject(this.ids.uploadId), JSON.stringify(message));
  }
}
