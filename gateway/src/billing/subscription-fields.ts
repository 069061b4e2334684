import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  type AdminUserEntry,
  BillingEvents,
  type Caller,
  type CurrentUser,
  type SubscriptionView,
} from '@originality/contracts';
import { NATS_CONNECTION } from '@originality/platform';
import type { NatsConnection } from 'nats';
import { GatewayPeers } from '../cluster/gateway-peers';
import { PerUserCache, forgetOnEvents } from '../common/per-user-cache';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { BillingClient } from './billing.client';

export type SubscriptionFields = Pick<
  CurrentUser,
  'subscriptionTier' | 'subscriptionStatus' | 'subscriptionEndsAt' | 'subscriptionPrice'
>;

/** What a user without a subscription has; also the answer while billing cannot be reached. */
export const FREE_FIELDS: SubscriptionFields = {
  subscriptionTier: 'free',
  subscriptionStatus: 'inactive',
  subscriptionEndsAt: null,
  subscriptionPrice: null,
};

const fieldsOf = (view: SubscriptionView): SubscriptionFields => ({
  subscriptionTier: view.subscriptionTier,
  subscriptionStatus: view.subscriptionStatus,
  subscriptionEndsAt: view.subscriptionEndsAt,
  subscriptionPrice: view.subscriptionPrice,
});

/**
 * Billing's part of GET /api/auth/user and GET /api/admin/users. A user's fields are cached: dropped at once
 * by this gateway's own checkout, cancel, plan change and refund calls, and by `subscription.changed` and
 * `subscription.updated` (webhooks, renewals, expiry) from anywhere else.
 */
@Injectable()
export class SubscriptionFieldsSource implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SubscriptionFieldsSource.name);
  private readonly cache: PerUserCache<SubscriptionFields>;
  private events?: { stop(): void };
  private readonly forgetEverywhere: (userId: string) => void;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly billing: BillingClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    peers: GatewayPeers,
  ) {
    this.cache = new PerUserCache(config.USER_SUMMARY_CACHE_SECONDS * 1000);
    this.forgetEverywhere = peers.everywhere('subscription-fields-changed', (userId) => this.cache.forget(userId));
  }

  onApplicationBootstrap(): void {
    this.events = forgetOnEvents(
      this.nc,
      [BillingEvents.subscriptionChanged, BillingEvents.subscriptionUpdated],
      this.cache,
    );
  }

  onModuleDestroy(): void {
    this.events?.stop();
  }

  /** After a change this gateway asked billing to make to the user's subscription. */
  forget(userId: string): void {
    // The owner's event follows, but the user's next request may reach another worker before it does.
    this.forgetEverywhere(userId);
  }

  /**
   * The caller's subscription. Signing in must keep working while billing is down, so then the
   * user reads as Free (the upload service falls back the same way) and the outage is logged.
   */
  async of(caller: Caller): Promise<SubscriptionFields> {
    try {
      return await this.cache.get(caller.userId, async () =>
        fieldsOf(await this.billing.subscription(caller, caller.userId, 2000)),
      );
    } catch (err) {
      this.logger.warn(`Subscription of ${caller.userId} unavailable, shown as Free: ${(err as Error).message}`);
      return FREE_FIELDS;
    }
  }

  /**
   * The admin user list with each user's subscription. While billing cannot answer, the entries
   * come without subscription fields (unknown, rather than wrongly Free) and the outage is logged.
   */
  async addTo(caller: Caller, users: AdminUserEntry[]): Promise<AdminUserEntry[]> {
    let views: SubscriptionView[];
    try {
      views = await this.billing.subscriptions(
        caller,
        users.map((u) => u.id),
      );
    } catch (err) {
      this.logger.warn(`Subscriptions unavailable for the user list: ${(err as Error).message}`);
      return users;
    }
    const byUser = new Map(views.map((v) => [v.userId, v]));
    return users.map((user) => {
      const view = byUser.get(user.id);
      return view ? { ...user, ...fieldsOf(view) } : user;
    });
  }
}
