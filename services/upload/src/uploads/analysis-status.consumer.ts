import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  type AnalysisCompletedEvent,
  AnalysisEvents,
  type AnalysisFailedEvent,
  type AnalysisStartedEvent,
  type DomainEvent,
} from '@originality/contracts';
import { IdempotentConsumer } from '@originality/platform';
import type { EntityManager } from 'typeorm';
import { Upload } from './upload.entity';

type AnalysisEvent = AnalysisStartedEvent | AnalysisCompletedEvent | AnalysisFailedEvent;

export const ANALYSIS_STATUS_CONSUMER = 'upload-analysis-status';

/**
 * Keeps each upload's analysisStatus in step with the analysis service's events, once per event.
 * Every update names the upload's current analysisId, so an event of an older run (before a
 * reanalysis) changes nothing; and a finished run is never moved back to 'analyzing'.
 */
@Injectable()
export class AnalysisStatusConsumer implements OnApplicationBootstrap {
  constructor(private readonly consumer: IdempotentConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.start<AnalysisEvent>({
      name: ANALYSIS_STATUS_CONSUMER,
      filterSubject: 'events.analysis.>',
      handle: (event, manager) => this.apply(event, manager),
    });
  }

  async apply(event: DomainEvent<AnalysisEvent>, manager: EntityManager): Promise<void> {
    const run = { id: event.data.uploadId, analysisId: event.data.analysisId };
    const update = manager.createQueryBuilder().update(Upload).where('id = :id AND analysis_id = :analysisId', run);
    switch (event.type) {
      case AnalysisEvents.started:
        await update.set({ analysisStatus: 'analyzing' }).andWhere("analysis_status = 'pending'").execute();
        return;
      case AnalysisEvents.completed: {
        const data = event.data as AnalysisCompletedEvent;
        await update
          .set({
            analysisStatus: 'completed',
            originalityScore: data.originalityScore,
            matchCount: data.matchCount,
            failureReason: null,
          })
          .andWhere("analysis_status IN ('pending', 'analyzing')")
          .execute();
        return;
      }
      case AnalysisEvents.failed:
        await update
          .set({ analysisStatus: 'failed', failureReason: (event.data as AnalysisFailedEvent).reason })
          .andWhere("analysis_status IN ('pending', 'analyzing')")
          .execute();
        return;
      default:
      // Other analysis events are not about an upload's status.
    }
  }
}
