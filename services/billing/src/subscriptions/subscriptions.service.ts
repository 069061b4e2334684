import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type Caller,
  type Entitlement,
  type MessageReply,
  type PaidTier,
  Permission,
  type PlanChangeReply,
  type SubscriptionView,
  isPaidTier,
} from '@originality/contracts';
import { DomainError } from '@originality/platform';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { requirePermission } from '../access';
import { PLAN_CATALOGUE } from '../plans/plan-catalogue';
import { StripePayments } from '../stripe/stripe-payments';
import { refundedAt } from '../webhooks/stripe-event-rules';
import { Subscription } from './subscription.entity';
import { recordSubscriptionChange } from './subscription-events';
import {
  NO_SUBSCRIPTION,
  hasProAccess,
  monthlyAnalysesOf,
  periodEndFrom,
  subscriptionView,
} from './subscription-rules';

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Subscriptions per user: what they are on, what they may do, and the changes users and admins make. */
@Injectable()
export class SubscriptionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stripe: StripePayments,
  ) {}

  async view(caller: Caller | null, userId: string): Promise<SubscriptionView> {
    if (!caller) throw DomainError.unauthenticated();
    if (caller.userId !== userId) requirePermission(caller, Permission.MANAGE_USERS);
    const row = await this.dataSource.getRepository(Subscription).findOneBy({ userId });
    return subscriptionView(userId, row, new Date());
  }

  /** The subscription fields of many users at once (the admin user list). */
  async views(caller: Caller | null, userIds: string[]): Promise<SubscriptionView[]> {
    requirePermission(caller, Permission.MANAGE_USERS);
    const rows = userIds.length
      ? await this.dataSource.getRepository(Subscription).findBy({ userId: In(userIds) })
      : [];
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    const now = new Date();
    return userIds.map((id) => subscriptionView(id, byUser.get(id) ?? null, now));
  }

  /** Asked by the upload service, which enforces the limit. */
  async entitlement(userId: string): Promise<Entitlement> {
    const row = await this.dataSource.getRepository(Subscription).findOneBy({ userId });
    return { monthlyAnalyses: monthlyAnalysesOf(row, new Date()) };
  }

  /** Refuses a new checkout while the user still has Pro: a change of plan goes through the plan switch. */
  async assertCanSubscribe(userId: string): Promise<void> {
    const row = await this.dataSource.getRepository(Subscription).findOneBy({ userId });
    if (row && row.tier !== 'free' && hasProAccess(row, new Date()))
      throw DomainError.conflict('You already have a Pro subscription. Use the plan switch to change plans.');
  }

  /** A plan paid in full by a coupon: active at once for one period, nothing for Stripe to bill. */
  async activateWithoutPayment(
    manager: EntityManager,
    user: { userId: string; email: string | null },
    tier: PaidTier,
  ): Promise<Subscription> {
    const now = new Date();
    const row =
      (await manager.findOne(Subscription, { where: { userId: user.userId }, lock: { mode: 'pessimistic_write' } })) ??
      manager.create(Subscription, { userId: user.userId, ...NO_SUBSCRIPTION });
    if (row.tier !== 'free' && hasProAccess(row, now))
      throw DomainError.conflict('You already have a Pro subscription. Use the plan switch to change plans.');
    Object.assign(row, {
      ...NO_SUBSCRIPTION,
      stripeCustomerId: row.stripeCustomerId,
      stripeEventAt: row.stripeEventAt,
      email: user.email ?? row.email,
      tier,
      status: 'active',
      priceCents: 0,
      currentPeriodEnd: periodEndFrom(now, tier),
    });
    const saved = await manager.save(row);
    await recordSubscriptionChange(manager, {
      userId: saved.userId,
      email: saved.email,
      action: 'subscribed',
      tier,
      amountCents: 0,
    });
    return saved;
  }

  /** Spec §4: active becomes cancelled; access continues until the period ends (Stripe: cancel_at_period_end). */
  async cancel(caller: Caller | null): Promise<MessageReply> {
    if (!caller) throw DomainError.unauthenticated();
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lockedRow(manager, caller.userId);
      if (!row || row.status !== 'active' || row.tier === 'free')
        throw DomainError.validation('You have no active subscription to cancel.');
      if (row.stripeSubscriptionId) await this.stripe.cancelAtPeriodEnd(row.stripeSubscriptionId);
      row.status = 'cancelled';
      row.scheduledTier = null;
      await manager.save(row);
      await recordSubscriptionChange(manager, {
        userId: row.userId,
        email: row.email ?? caller.email,
        action: 'cancelled',
        tier: row.tier,
        amountCents: 0,
      });
      const until = row.currentPeriodEnd ? ` You keep Pro access until ${longDate(row.currentPeriodEnd)}.` : '';
      return { message: `Your subscription has been cancelled.${until}` };
    });
  }

  /** Spec §4 plan switch: another tier from the end of the current billing cycle; the same plan is refused. */
  async schedulePlanChange(caller: Caller | null, newPlan: string, currentPlan: string): Promise<PlanChangeReply> {
    if (!caller) throw DomainError.unauthenticated();
    if (!isPaidTier(newPlan))
      throw DomainError.validation('Choose Pro Monthly, Pro Quarterly or Pro Yearly.', { field: 'newPlan' });
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lockedRow(manager, caller.userId);
      if (!row || row.status !== 'active' || row.tier === 'free' || !row.currentPeriodEnd)
        throw DomainError.validation('Only an active Pro subscription can switch plans.');
      if (newPlan === row.tier || newPlan === currentPlan)
        throw DomainError.validation(`Same Plan Selected: you are already on ${PLAN_CATALOGUE[row.tier].name}.`, {
          field: 'newPlan',
        });
      if (row.stripeSubscriptionId)
        row.stripeScheduleId = await this.stripe.schedulePlanChange(
          row.stripeSubscriptionId,
          row.stripeScheduleId,
          newPlan,
        );
      row.scheduledTier = newPlan;
      await manager.save(row);
      await recordSubscriptionChange(manager, {
        userId: row.userId,
        email: row.email ?? caller.email,
        action: 'plan-change-scheduled',
        tier: newPlan,
        amountCents: 0,
      });
      return {
        message: `You will switch to ${PLAN_CATALOGUE[newPlan].name} on ${longDate(row.currentPeriodEnd)}, at the end of your current billing cycle.`,
        newPlan,
        effectiveAt: row.currentPeriodEnd.toISOString(),
      };
    });
  }

  /**
   * Admin refund: gives the latest payment back through Stripe when there was one, ends the
   * subscription at once and records who did it. The row stays locked throughout, so a second
   * click cannot refund twice.
   */
  async refund(caller: Caller | null, userId: string, reason: string): Promise<MessageReply> {
    const admin = requirePermission(caller, Permission.PROCESS_REFUNDS);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lockedRow(manager, userId);
      if (!row || row.tier === 'free' || row.status === 'inactive')
        throw DomainError.validation('This user has no subscription to refund.');
      let refundedCents = 0;
      if (row.latestPaymentIntentId && this.stripe.isConfigured())
        refundedCents = await this.stripe.refund(row.latestPaymentIntentId, reason, admin.userId);
      if (row.stripeSubscriptionId && this.stripe.isConfigured()) await this.stripe.cancelNow(row.stripeSubscriptionId);
      const tier = row.tier;
      Object.assign(row, refundedAt(new Date()), {
        refundedBy: admin.userId,
        refundReason: reason,
        refundedAt: new Date(),
        latestPaymentIntentId: null,
      });
      await manager.save(row);
      await recordSubscriptionChange(manager, {
        userId: row.userId,
        email: row.email,
        action: 'refunded',
        tier,
        amountCents: refundedCents,
      });
      const amount = refundedCents ? `$${(refundedCents / 100).toFixed(2)} refunded; ` : '';
      return { message: `${amount}the subscription of ${row.email ?? row.userId} is cancelled.` };
    });
  }

  /**
   * Turns paid periods nobody will renew into Free (direct activations, and Stripe subscriptions
   * cancelled at period end whose deletion event is late) and says so with `expired`.
   */
  async expireRunOut(now = new Date()): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due = await manager
        .createQueryBuilder(Subscription, 's')
        .where(`s.status IN ('active', 'cancelled') AND s.current_period_end <= :now`, { now })
        .andWhere(`(s.stripe_subscription_id IS NULL OR s.status = 'cancelled')`)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .limit(100)
        .getMany();
      for (const row of due) {
        const tier = row.tier;
        Object.assign(row, { tier: 'free', status: 'inactive', scheduledTier: null, priceCents: null });
        await manager.save(row);
        await recordSubscriptionChange(manager, {
          userId: row.userId,
          email: row.email,
          action: 'expired',
          tier,
          amountCents: 0,
        });
      }
      return due.length;
    });
  }

  private lockedRow(manager: EntityManager, userId: string): Promise<Subscription | null> {
    return manager.findOne(Subscription, { where: { userId }, lock: { mode: 'pessimistic_write' } });
  }
}
