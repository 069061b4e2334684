import { NO_SUBSCRIPTION, type SubscriptionState } from '../subscriptions/subscription-rules';
import { type StripeEventInput, applyStripeEvent, targetOf } from './stripe-event-rules';

const T0 = 1_780_000_000;
const event = (type: string, object: unknown, created = T0): StripeEventInput => ({
  id: `evt_${type}_${created}`,
  type,
  created,
  data: { object },
});
const active: SubscriptionState = {
  ...NO_SUBSCRIPTION,
  tier: 'monthly',
  status: 'active',
  priceCents: 1999,
  currentPeriodEnd: new Date((T0 + 30 * 86400) * 1000),
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
  stripeEventAt: new Date(T0 * 1000),
};
const applied = (outcome: ReturnType<typeof applyStripeEvent>) => {
  if (outcome.kind !== 'applied') throw new Error(`expected a change, got ${outcome.reason}`);
  return outcome;
};

describe('Stripe event → subscription row', () => {
  it('activates the plan of a completed checkout, with its customer, subscription and price', () => {
    const completed = event('checkout.session.completed', {
      mode: 'subscription',
      client_reference_id: 'user-1',
      customer: 'cus_9',
      subscription: 'sub_9',
      amount_total: 9999,
      metadata: { userId: 'user-1', tier: 'yearly' },
    });
    expect(targetOf(completed)).toEqual({ userId: 'user-1', stripeSubscriptionId: 'sub_9', stripeCustomerId: 'cus_9' });
    const { next, action, amountCents } = applied(applyStripeEvent(completed, NO_SUBSCRIPTION));
    expect(next).toMatchObject({
      tier: 'yearly',
      status: 'active',
      stripeCustomerId: 'cus_9',
      stripeSubscriptionId: 'sub_9',
      priceCents: 9999,
    });
    expect(next.currentPeriodEnd?.toISOString()).toBe('2027-05-28T20:26:40.000Z');
    expect([action, amountCents]).toEqual(['subscribed', 9999]);
  });

  it('moves a failed payment to past_due and a later payment back to active', () => {
    const failed = applied(applyStripeEvent(event('invoice.payment_failed', {}, T0 + 10), active));
    expect(failed.next.status).toBe('past_due');
    expect(failed.action).toBe('past-due');
    const paid = applied(
      applyStripeEvent(
        event(
          'invoice.paid',
          {
            amount_paid: 1999,
            billing_reason: 'subscription_cycle',
            lines: { data: [{ period: { end: T0 + 60 * 86400 } }] },
            payments: { data: [{ payment: { payment_intent: 'pi_2' } }] },
          },
          T0 + 20,
        ),
        failed.next,
      ),
    );
    expect(paid.next).toMatchObject({ status: 'active', latestPaymentIntentId: 'pi_2', latestAmountPaidCents: 1999 });
    expect(paid.next.currentPeriodEnd).toEqual(new Date((T0 + 60 * 86400) * 1000));
    expect([paid.action, paid.amountCents]).toEqual(['renewed', 1999]);
  });

  it('keeps a cancellation when the last invoice is paid', () => {
    const cancelled = { ...active, status: 'cancelled' as const };
    expect(applied(applyStripeEvent(event('invoice.paid', { amount_paid: 0 }, T0 + 5), cancelled)).next.status).toBe(
      'cancelled',
    );
  });

  it('reads cancel_at_period_end as cancelled, and a new price as the new tier', () => {
    const updated = event(
      'customer.subscription.updated',
      {
        id: 'sub_1',
        status: 'active',
        cancel_at_period_end: true,
        items: { data: [{ current_period_end: T0 + 99, price: { lookup_key: 'originality_yearly' } }] },
      },
      T0 + 1,
    );
    const { next, action } = applied(applyStripeEvent(updated, { ...active, scheduledTier: 'yearly' }));
    expect(next).toMatchObject({ status: 'cancelled', tier: 'yearly', scheduledTier: null, priceCents: 19999 });
    expect(next.currentPeriodEnd).toEqual(new Date((T0 + 99) * 1000));
    expect(action).toBe('cancelled');
  });

  it('ends the subscription when Stripe deletes it, and at once on a refund', () => {
    const deleted = applied(applyStripeEvent(event('customer.subscription.deleted', { id: 'sub_1' }, T0 + 1), active));
    expect(deleted.next).toMatchObject({ tier: 'free', status: 'inactive' });
    expect(deleted.action).toBe('expired');
    const refunded = applied(
      applyStripeEvent(event('charge.refunded', { customer: 'cus_1', amount_refunded: 1999 }, T0 + 2), active),
    );
    expect(refunded.next).toMatchObject({ tier: 'free', status: 'inactive' });
    expect(refunded.next.currentPeriodEnd).toEqual(new Date((T0 + 2) * 1000));
    expect([refunded.action, refunded.amountCents]).toEqual(['refunded', 1999]);
  });

  it('ignores an event older than the newest one applied (out of order)', () => {
    const late = event('invoice.payment_failed', {}, T0 - 1);
    expect(applyStripeEvent(late, active)).toEqual({ kind: 'ignored', reason: 'stale' });
  });

  it('leaves event types it does not handle alone', () => {
    expect(targetOf(event('customer.created', {}))).toBeUndefined();
    expect(applyStripeEvent(event('customer.created', {}, T0 + 1), active)).toEqual({
      kind: 'ignored',
      reason: 'unhandled-type',
    });
  });
});
