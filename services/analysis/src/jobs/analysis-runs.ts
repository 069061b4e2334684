import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AnalysisEvents,
  type AnalysisCompletedEvent,
  type AnalysisFailedEvent,
  type AnalysisResults,
  type AnalysisStartedEvent,
  type UploadCreatedEvent,
} from '@originality/contracts';
import { Outbox } from '@originality/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { RunWaveformEntity } from '../listening/run-waveform.entity';
import { AnalysisRunEntity } from './analysis-run.entity';

/** The upload's waveform as the worker computed it from the decoded audio (listening/peaks.ts). */
export interface DecodedWaveform {
  durationSec: number;
  /** Encoded min/max pairs. */
  peaks: Buffer;
}

/** Similarity from which a similar track is a 'high match' (spec §9) and counts in the history's match count. */
export const HIGH_MATCH = 80;

/** The title the results show: the original filename without its extension. */
export const titleOf = (originalFilename: string): string =>
  originalFilename.replace(/\.[^./\\]{1,8}$/, '') || originalFilename;

/**
 * The state of each analysis run, changed only by conditional updates so that duplicate events,
 * redeliveries and a deleted upload can never produce a second result or a late outcome. Each outcome
 * goes into the outbox in the same transaction as the change.
 */
@Injectable()
export class AnalysisRuns {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a queued run for an upload.created / reanalysis-requested event; a repeat changes nothing. */
  async register(event: UploadCreatedEvent, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(AnalysisRunEntity)
      .values({
        analysisId: event.analysisId,
        uploadId: event.uploadId,
        userId: event.userId,
        objectPath: event.objectPath,
        title: titleOf(event.originalFilename),
        status: 'queued',
        results: null,
        failureReason: null,
        processingMs: null,
        finishedAt: null,
      })
      .orIgnore()
      .execute();
  }

  find(analysisId: string): Promise<AnalysisRunEntity | null> {
    return this.dataSource.manager.findOneBy(AnalysisRunEntity, { analysisId });
  }

  /**
   * Marks the run analyzing (announcing analysis.started the first time) and returns it, or null when
   * there is nothing to do: the upload was deleted or the run already has its outcome.
   */
  start(analysisId: string): Promise<AnalysisRunEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const run = await manager.findOne(AnalysisRunEntity, {
        where: { analysisId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!run || run.status === 'completed' || run.status === 'failed') return null;
      if (run.status === 'queued') {
        await manager.update(AnalysisRunEntity, { analysisId }, { status: 'analyzing' });
        await Outbox.add<AnalysisStartedEvent>(manager, AnalysisEvents.started, {
          uploadId: run.uploadId,
          analysisId,
          userId: run.userId,
          startedAt: new Date().toISOString(),
        });
        run.status = 'analyzing';
      }
      return run;
    });
  }

  /**
   * Stores the result (and the waveform, when given) and announces analysis.completed; false when the run was
   * deleted or finished meanwhile.
   */
  complete(
    run: AnalysisRunEntity,
    results: AnalysisResults,
    processingMs: number,
    waveform?: DecodedWaveform,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const finishedAt = new Date();
      const changed = await this.finish(manager, run.analysisId, {
        status: 'completed',
        results,
        processingMs,
        finishedAt,
      });
      if (!changed) return false;
      if (waveform) await manager.insert(RunWaveformEntity, { analysisId: run.analysisId, ...waveform });
      await Outbox.add<AnalysisCompletedEvent>(manager, AnalysisEvents.completed, {
        uploadId: run.uploadId,
        analysisId: run.analysisId,
        userId: run.userId,
        originalityScore: results.originalityScore,
        matchCount: results.similarTracks.filter((t) => t.similarity >= HIGH_MATCH).length,
        similarTracksFound: results.allMatches.length,
        durationSec: results.durationSec,
        processingMs,
        completedAt: finishedAt.toISOString(),
      });
      return true;
    });
  }

  /** Records the failure and announces analysis.failed; null when there was no unfinished run to fail. */
  fail(analysisId: string, reason: string): Promise<AnalysisRunEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const finishedAt = new Date();
      const run = await manager.findOneBy(AnalysisRunEntity, { analysisId });
      if (!run) return null;
      const changed = await this.finish(manager, analysisId, { status: 'failed', failureReason: reason, finishedAt });
      if (!changed) return null;
      await Outbox.add<AnalysisFailedEvent>(manager, AnalysisEvents.failed, {
        uploadId: run.uploadId,
        analysisId,
        userId: run.userId,
        reason,
        failedAt: finishedAt.toISOString(),
      });
      return run;
    });
  }

  /** Removes every run and result of a deleted upload. */
  async deleteUpload(uploadId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.delete(AnalysisRunEntity, { uploadId });
  }

  /** The newest completed run of an upload (a reanalysis in progress leaves the previous result readable). */
  latestCompleted(uploadId: string): Promise<AnalysisRunEntity | null> {
    return this.dataSource.manager.findOne(AnalysisRunEntity, {
      where: { uploadId, status: 'completed' },
      order: { finishedAt: 'DESC' },
    });
  }

  /** Any run of the upload (to tell 'not yours' from 'no result yet'). */
  anyRun(uploadId: string): Promise<AnalysisRunEntity | null> {
    return this.dataSource.manager.findOne(AnalysisRunEntity, { where: { uploadId }, order: { createdAt: 'DESC' } });
  }

  private async finish(
    manager: EntityManager,
    analysisId: string,
    outcome: Partial<AnalysisRunEntity>,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(AnalysisRunEntity)
      .set(outcome)
      .where('analysis_id = :analysisId AND status IN (:...open)', { analysisId, open: ['queued', 'analyzing'] })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
