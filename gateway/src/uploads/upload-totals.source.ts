import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type Caller, UploadEvents, type UploadTotals } from '@originality/contracts';
import { NATS_CONNECTION } from '@originality/platform';
import type { NatsConnection } from 'nats';
import { GatewayPeers } from '../cluster/gateway-peers';
import { PerUserCache, forgetOnEvents } from '../common/per-user-cache';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { UploadsClient } from './uploads.client';

const UPLOAD_TOTALS_TIMEOUT_MS = 1500;
const NO_UPLOADS: UploadTotals = { totalUploadsCount: 0, uploadedSongTitles: [] };

/**
 * The upload service's part of GET /api/auth/user (total uploads and titles), cached per user: dropped by
 * the user's own uploads and deletions through this gateway at once, and by `upload.created`/`upload.deleted`
 * from anywhere else.
 */
@Injectable()
export class UploadTotalsSource implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(UploadTotalsSource.name);
  private readonly cache: PerUserCache<UploadTotals>;
  private events?: { stop(): void };
  private readonly forgetEverywhere: (userId: string) => void;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly uploads: UploadsClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    peers: GatewayPeers,
  ) {
    this.cache = new PerUserCache(config.USER_SUMMARY_CACHE_SECONDS * 1000);
    this.forgetEverywhere = peers.everywhere('upload-totals-changed', (userId) => this.cache.forget(userId));
  }

  onApplicationBootstrap(): void {
    this.events = forgetOnEvents(this.nc, [UploadEvents.created, UploadEvents.deleted], this.cache);
  }

  onModuleDestroy(): void {
    this.events?.stop();
  }

  /**
   * The signed-in user must load even while the upload service is down (sign-in, maintenance):
   * then the profile shows no uploads for now (not cached), and the log says why.
   */
  of(caller: Caller): Promise<UploadTotals> {
    return this.cache
      .get(caller.userId, () => this.uploads.totals(caller, { timeoutMs: UPLOAD_TOTALS_TIMEOUT_MS }))
      .catch((err: Error) => {
        this.logger.warn(`Upload totals unavailable for the current user: ${err.message}`);
        return NO_UPLOADS;
      });
  }

  /** After a change this gateway made to the user's uploads. */
  forget(userId: string): void {
    // The owner's event follows, but the user's next request may reach another worker before it does.
    this.forgetEverywhere(userId);
  }
}
