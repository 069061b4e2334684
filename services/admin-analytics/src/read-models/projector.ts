import { Injectable, Logger } from '@nestjs/common';
import {
  type AnalysisCompletedEvent,
  AnalysisEvents,
  type AnalysisFailedEvent,
  type AnalysisStartedEvent,
  BillingEvents,
  type DomainEvent,
  IdentityEvents,
  type SubscriptionChangedEvent,
  type UploadCreatedEvent,
  type UploadDeletedEvent,
  UploadEvents,
  type UserRegisteredEvent,
} from '@originality/contracts';
import type { EntityManager } from 'typeorm';
import { ADMIN_ANALYTICS_SCHEMA as S } from '../schema';
import { type SubscriptionState, type UploadState, type UploadStep, subscriptionAfter, uploadAfter } from './reducers';

type Apply = (event: DomainEvent, manager: EntityManager) => Promise<unknown>;

/**
 * Writes each domain event into the read models. Runs inside the idempotent consumer's transaction,
 * so an event is applied once however often it is delivered. Events it has no use for (profile
 * updates, promotions, maintenance, coupons) are acknowledged and ignored.
 */
@Injectable()
export class ReadModelProjector {
  private readonly logger = new Logger(ReadModelProjector.name);

  private readonly appliers: Record<string, Apply> = {
    [IdentityEvents.userRegistered]: (e, m) => this.userRegistered(e.data as UserRegisteredEvent, m),
    [UploadEvents.created]: (e, m) => this.uploadCreated(e.data as UploadCreatedEvent, m),
    [UploadEvents.deleted]: (e, m) => this.uploadDeleted(e.data as UploadDeletedEvent, e.occurredAt, m),
    [UploadEvents.reanalysisRequested]: (e, m) => {
      const d = e.data as UploadCreatedEvent;
      return this.uploadStep(d.uploadId, { kind: 'reanalysis-requested', analysisId: d.analysisId }, m);
    },
    [AnalysisEvents.started]: (e, m) => {
      const d = e.data as AnalysisStartedEvent;
      return this.uploadStep(d.uploadId, { kind: 'analysis-started', analysisId: d.analysisId }, m);
    },
    [AnalysisEvents.completed]: (e, m) => this.analysisCompleted(e.data as AnalysisCompletedEvent, m),
    [AnalysisEvents.failed]: (e, m) => {
      const d = e.data as AnalysisFailedEvent;
      return this.uploadStep(d.uploadId, { kind: 'analysis-failed', analysisId: d.analysisId }, m);
    },
    [BillingEvents.subscriptionChanged]: (e, m) =>
      this.subscriptionChanged(e.id, e.data as SubscriptionChangedEvent, m),
  };

  async apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    await this.appliers[event.type]?.(event, manager);
  }

  private async userRegistered(d: UserRegisteredEvent, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO "${S}".registered_user (user_id, email, registered_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO NOTHING`,
      [d.userId, d.email, d.createdAt],
    );
  }

  private async uploadCreated(d: UploadCreatedEvent, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO "${S}".upload (upload_id, user_id, mime_type, file_size, created_at, status, analysis_id)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6) ON CONFLICT (upload_id) DO NOTHING`,
      [d.uploadId, d.userId, d.mimeType, d.fileSize, d.createdAt, d.analysisId],
    );
  }

  private async uploadDeleted(d: UploadDeletedEvent, occurredAt: string, m: EntityManager): Promise<void> {
    await m.query(`UPDATE "${S}".upload SET deleted_at = $2 WHERE upload_id = $1 AND deleted_at IS NULL`, [
      d.uploadId,
      occurredAt,
    ]);
  }

  private async analysisCompleted(d: AnalysisCompletedEvent, m: EntityManager): Promise<void> {
    const next = await this.uploadStep(d.uploadId, { kind: 'analysis-completed', analysisId: d.analysisId }, m);
    if (!next) return;
    await m.query(`UPDATE "${S}".upload SET originality_score = $2, similar_tracks = $3 WHERE upload_id = $1`, [
      d.uploadId,
      d.originalityScore,
      d.similarTracksFound,
    ]);
  }

  /** Moves an upload's status; a new analysis run forgets the previous run's score. */
  private async uploadStep(uploadId: string, step: UploadStep, m: EntityManager): Promise<UploadState | null> {
    const rows: { status: UploadState['status']; analysis_id: string }[] = await m.query(
      `SELECT status, analysis_id FROM "${S}".upload WHERE upload_id = $1 FOR UPDATE`,
      [uploadId],
    );
    if (rows.length === 0) {
      this.logger.warn(`No upload ${uploadId} for ${step.kind}; ignored`);
      return null;
    }
    const next = uploadAfter({ status: rows[0].status, analysisId: rows[0].analysis_id }, step);
    if (!next) return null;
    await m.query(
      `UPDATE "${S}".upload SET status = $2, analysis_id = $3,
         originality_score = CASE WHEN analysis_id = $3 THEN originality_score END,
         similar_tracks = CASE WHEN analysis_id = $3 THEN similar_tracks END
       WHERE upload_id = $1`,
      [uploadId, next.status, next.analysisId],
    );
    return next;
  }

  private async subscriptionChanged(eventId: string, d: SubscriptionChangedEvent, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO "${S}".subscription_change (event_id, user_id, email, action, tier, at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING`,
      [eventId, d.userId, d.email, d.action, d.tier, d.at],
    );
    const rows: { status: SubscriptionState['status']; tier: string | null; changed_at: Date }[] = await m.query(
      `SELECT status, tier, changed_at FROM "${S}".subscription WHERE user_id = $1 FOR UPDATE`,
      [d.userId],
    );
    const current = rows[0]
      ? { status: rows[0].status, tier: rows[0].tier, changedAt: rows[0].changed_at.toISOString() }
      : null;
    const next = subscriptionAfter(current, d);
    await m.query(
      `INSERT INTO "${S}".subscription (user_id, status, tier, changed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, tier = EXCLUDED.tier, changed_at = EXCLUDED.changed_at`,
      [d.userId, next.status, next.tier, next.changedAt],
    );
  }
}
