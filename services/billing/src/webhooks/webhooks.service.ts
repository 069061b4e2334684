import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { StripeWebhookReply } from '@originality/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { StripePayments } from '../stripe/stripe-payments';
import { Subscription } from '../subscriptions/subscription.entity';
import { recordSubscriptionChange, recordSubscriptionUpdate } from '../subscriptions/subscription-events';
import { NO_SUBSCRIPTION } from '../subscriptions/subscription-rules';
import { StripeEventRecord } from './stripe-event.entity';
import { type EventTarget, type StripeEventInput, applyStripeEvent, targetOf } from './stripe-event-rules';

/**
 * Stripe webhooks: the signature is checked on the raw body, each event id is applied once (the id
 * is recorded in the same transaction as the change, so a replay finds it and changes nothing),
 * and the row change itself comes from the pure {@link applyStripeEvent}.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stripe: StripePayments,
  ) {}

  async receive(payload: string, signature: string): Promise<StripeWebhookReply> {
    const event = this.stripe.verifyWebhook(payload, signature);
    const applied = await this.dataSource.transaction(async (manager) => {
      const first = await manager
        .createQueryBuilder()
        .insert()
        .into(StripeEventRecord)
        .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000) })
        .orIgnore()
        .returning('id')
        .execute();
      if ((first.raw as unknown[]).length === 0) return false;
      return this.apply(manager, event);
    });
    return { received: true, applied };
  }

  private async apply(manager: EntityManager, event: StripeEventInput): Promise<boolean> {
    const target = targetOf(event);
    if (!target) return false;
    const row = await this.findRow(manager, target);
    if (!row && !target.userId) {
      this.logger.warn(`Stripe event ${event.id} (${event.type}) names no known subscription`);
      return false;
    }
    const current = row ?? manager.create(Subscription, { userId: target.userId!, email: null, ...NO_SUBSCRIPTION });
    const outcome = applyStripeEvent(event, current);
    if (outcome.kind === 'ignored') return false;
    const tierBefore = current.tier;
    Object.assign(current, outcome.next);
    current.email ??= target.email ?? null;
    await manager.save(current);
    if (outcome.action)
      await recordSubscriptionChange(manager, {
        userId: current.userId,
        email: current.email,
        action: outcome.action,
        // A refund or an expiry leaves the row on Free; the event names the plan that ended.
        tier: outcome.next.tier === 'free' ? tierBefore : outcome.next.tier,
        amountCents: outcome.amountCents,
      });
    else
      await recordSubscriptionUpdate(manager, { userId: current.userId, tier: current.tier, status: current.status });
    return true;
  }

  private async findRow(manager: EntityManager, target: EventTarget): Promise<Subscription | null> {
    const lock = { mode: 'pessimistic_write' as const };
    if (target.userId) {
      const byUser = await manager.findOne(Subscription, { where: { userId: target.userId }, lock });
      if (byUser) return byUser;
    }
    if (target.stripeSubscriptionId) {
      const bySubscription = await manager.findOne(Subscription, {
        where: { stripeSubscriptionId: target.stripeSubscriptionId },
        lock,
      });
      if (bySubscription) return bySubscription;
    }
    if (target.stripeCustomerId)
      return manager.findOne(Subscription, { where: { stripeCustomerId: target.stripeCustomerId }, lock });
    return null;
  }
}
