import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  type DomainEvent,
  EVENTS_STREAM,
  type UploadCreatedEvent,
  type UploadDeletedEvent,
  UploadEvents,
} from '@originality/contracts';
import { type ConsumerHandle, IdempotentConsumer, JetStreamProvider, runWithLogContext } from '@originality/platform';
import type { EntityManager } from 'typeorm';
import { AnalysisJobQueue } from './analysis-job-queue';
import { AnalysisRuns } from './analysis-runs';

const CONSUMER = 'analysis-upload-events';

/**
 * Turns the upload service's events into analysis jobs: upload.created and upload.reanalysis-requested
 * record a queued run and enqueue its job (job id = analysis id, so a repeat is dropped); upload.deleted
 * removes the upload's runs and results.
 *
 * The job is enqueued after the run's transaction committed (a worker must find the row), and again on a
 * redelivered event while the run is still queued: if the process died between commit and enqueue, the
 * unacked event comes back and the job is not lost.
 */
@Injectable()
export class JobIntake implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobIntake.name);
  private handle?: ConsumerHandle;

  constructor(
    private readonly jetStream: JetStreamProvider,
    private readonly consumer: IdempotentConsumer,
    private readonly runs: AnalysisRuns,
    private readonly queue: AnalysisJobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jetStream.ensureEventsStream();
    await this.queue.ensure();
    this.handle = await this.jetStream.consume<DomainEvent>(
      {
        stream: EVENTS_STREAM,
        durable: CONSUMER,
        // upload.created, upload.reanalysis-requested and upload.deleted, in the order they happened.
        filterSubject: 'events.upload.upload.>',
        maxDeliver: 10,
        ackWaitMs: 30_000,
      },
      (delivery) =>
        runWithLogContext(
          { requestId: delivery.requestId ?? delivery.data.id },
          { consumer: CONSUMER, event: delivery.subject },
          async () => {
            try {
              await this.apply(delivery.data);
              return 'ack' as const;
            } catch (err) {
              this.logger.error(`event ${delivery.data.id} (${delivery.subject}) failed: ${(err as Error).message}`);
              return 'retry' as const;
            }
          },
        ),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.handle?.stop();
  }

  /** Applies one upload event; other upload events are not the analysis service's business. */
  private async apply(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case UploadEvents.created:
      case UploadEvents.reanalysisRequested:
        return this.queueAnalysis(event as DomainEvent<UploadCreatedEvent>);
      case UploadEvents.deleted:
        await this.consumer.applyOnce({ name: CONSUMER, handle: (e, m) => this.forget(e, m) }, event);
    }
  }

  private async queueAnalysis(event: DomainEvent<UploadCreatedEvent>): Promise<void> {
    await this.consumer.applyOnce({ name: CONSUMER, handle: (e, m) => this.runs.register(e.data, m) }, event);
    const run = await this.runs.find(event.data.analysisId);
    if (run?.status !== 'queued') return;
    const { duplicate } = await this.queue.enqueue(
      { analysisId: run.analysisId, uploadId: run.uploadId },
      run.analysisId,
    );
    if (!duplicate) this.logger.log(`analysis ${run.analysisId} of upload ${run.uploadId} queued`);
  }

  private forget(event: DomainEvent, manager: EntityManager): Promise<void> {
    return this.runs.deleteUpload((event.data as UploadDeletedEvent).uploadId, manager);
  }
}
