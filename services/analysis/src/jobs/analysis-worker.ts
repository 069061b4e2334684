import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AnalysisResults } from '@originality/contracts';
import { MAX_DECODE_SEC, analyseFile } from '@originality/music-analysis';
import { type Job, NATS_CONNECTION, ObjectStorage, type WorkQueueConsumer } from '@originality/platform';
import type { NatsConnection } from 'nats';
import { CatalogueService } from '../catalogue/catalogue.service';
import { computePeaks, encodePeaks } from '../listening/peaks';
import { CatalogueDescriber } from '../results/catalogue-description';
import { type AnalysisJob, AnalysisJobQueue } from './analysis-job-queue';
import type { AnalysisRunEntity } from './analysis-run.entity';
import { AnalysisRuns, type DecodedWaveform } from './analysis-runs';
import { AnalysisFailure, FailureReason, classifyFailure, reasonOf } from './failure-reasons';
import { ProgressReporter } from './progress-reporter';

/**
 * The analysis worker: takes jobs from the queue one at a time per lane, streams the upload from object
 * storage to a temp file, runs the engine against this process's catalogue index with live progress,
 * and stores the outcome. The queue heartbeats while it runs, retries what may pass and gives up on
 * what cannot, recording the failure with a reason a person can read.
 */
@Injectable()
export class AnalysisWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AnalysisWorker.name);
  private consumer?: WorkQueueConsumer;

  constructor(
    private readonly queue: AnalysisJobQueue,
    private readonly runs: AnalysisRuns,
    private readonly catalogue: CatalogueService,
    private readonly storage: ObjectStorage,
    private readonly describer: CatalogueDescriber,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await this.queue.consume({
      run: (job) => this.run(job),
      onExhausted: (job, error) => this.giveUp(job, error),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }

  private async run(job: Job<AnalysisJob>): Promise<void> {
    const run = await this.runs.start(job.data.analysisId);
    if (!run) return; // deleted upload, or a duplicate of a finished run: nothing to do
    const progress = new ProgressReporter(this.nc, run);
    const started = Date.now();
    try {
      const { results, waveform } = await this.analyse(run, progress);
      if (await this.runs.complete(run, results, Date.now() - started, waveform)) {
        progress.completed();
        this.logger.log(`analysis ${run.analysisId} completed: originality ${results.originalityScore}%`);
      }
    } catch (error) {
      throw classifyFailure(error);
    }
  }

  private async analyse(
    run: AnalysisRunEntity,
    progress: ProgressReporter,
  ): Promise<{ results: AnalysisResults; waveform?: DecodedWaveform }> {
    progress.update('initializing', 0);
    const dir = await mkdtemp(join(tmpdir(), 'analysis-'));
    try {
      const file = join(dir, 'audio');
      await this.storage.download(run.objectPath, file);
      const index = await this.catalogue.currentIndex();
      let waveform: DecodedWaveform | undefined;
      // One second past the limit tells "longer than 15 minutes" apart from exactly 15.
      const results = await analyseFile(file, index, {
        onProgress: progress.update,
        decode: { maxDurationSec: MAX_DECODE_SEC + 1 },
        // The waveform comes from the audio the engine decodes anyway: no second decode.
        onDecoded: (pcm) =>
          (waveform = { durationSec: pcm.durationSec, peaks: encodePeaks(computePeaks(pcm.samples)) }),
      });
      if (results.durationSec > MAX_DECODE_SEC) throw new AnalysisFailure(FailureReason.tooLong);
      results.catalogue = await this.describer.describe(results.catalogue);
      return { results, waveform };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async giveUp(job: Job<AnalysisJob>, error: Error): Promise<void> {
    const reason = reasonOf(error);
    const run = await this.runs.fail(job.data.analysisId, reason);
    if (!run) return;
    new ProgressReporter(this.nc, run).failed(reason);
    this.logger.warn(`analysis ${run.analysisId} failed (${reason}): ${error.message}`);
  }
}
