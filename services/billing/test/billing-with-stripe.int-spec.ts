import {
  BillingEvents,
  BillingRequestSubjects,
  BillingSubjects,
  type Caller,
  type CheckoutResponse,
  type Coupon,
  type Entitlement,
  type MessageReply,
  type PlanChangeReply,
  type StripeWebhookReply,
  type SubscriptionChangedEvent,
  type SubscriptionView,
} from '@originality/contracts';
import {
  type EventRecorder,
  StripeDouble,
  aCaller,
  aSuperAdminCaller,
  anAdminCaller,
  recordEvents,
  signedStripeEvent,
} from '@originality/testing';
import { DataSource } from 'typeorm';
import { type BillingUnderTest, failure, startBilling } from './billing-support';

const WEBHOOK_SECRET = 'whsec_test_billing_secret';
let eventSequence = 0;

describe('billing with Stripe (real Postgres, real NATS, the SDK against a local Stripe double)', () => {
  const stripe = new StripeDouble();
  let billing: BillingUnderTest;
  let events: EventRecorder;
  const superAdmin = aSuperAdminCaller('boss');
  const admin = anAdminCaller();

  const view = (user: Caller) =>
    billing.call<SubscriptionView>(BillingRequestSubjects.subscription, { userId: user.userId }, user);
  const limit = async (user: Caller) =>
    (await billing.call<Entitlement>(BillingSubjects.entitlement, { userId: user.userId })).monthlyAnalyses;
  const webhook = (payload: string, signature: string) =>
    billing.call<StripeWebhookReply>(BillingRequestSubjects.stripeWebhook, { payload, signature });
  const stripeEvent = (type: string, object: unknown, created = Math.floor(Date.now() / 1000)) =>
    signedStripeEvent({ id: `evt_${++eventSequence}_${type}`, type, created, data: { object } }, WEBHOOK_SECRET);
  const coupon = (code: string, extra: Record<string, unknown> = {}) =>
    billing.call<Coupon>(
      BillingRequestSubjects.createCoupon,
      { code, discountPercent: '100', duration: 'once', ...extra },
      superAdmin,
    );

  /** A user whose checkout completed at Stripe: the webhook activates them. */
  async function subscribedUser(customer: string, subscription: string, created?: number): Promise<Caller> {
    const user = aCaller();
    const completed = stripeEvent(
      'checkout.session.completed',
      {
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: user.userId,
        customer,
        subscription,
        amount_total: 1999,
        customer_details: { email: user.email },
        metadata: { userId: user.userId, tier: 'monthly' },
      },
      created,
    );
    expect(await webhook(completed.payload, completed.signature)).toEqual({ received: true, applied: true });
    return user;
  }

  beforeAll(async () => {
    const api = await stripe.start();
    billing = await startBilling({
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: api.host,
      STRIPE_API_PORT: String(api.port),
      STRIPE_API_PROTOCOL: api.protocol,
      PUBLIC_URL: 'http://app.test',
    });
    events = await recordEvents(billing.nats.url, 'events.billing.>');
  });
  afterAll(async () => {
    await events?.stop();
    await billing?.stop();
    await stripe.stop();
  });

  it('opens a Stripe Checkout Session for the plan price with the coupon as a discount', async () => {
    const user = aCaller();
    await coupon('HALF', { discountPercent: '50' });
    const reply = await billing.call<CheckoutResponse>(
      BillingRequestSubjects.checkout,
      { planId: 'yearly', planType: 'yearly', couponCode: 'half' },
      user,
    );
    expect(reply.sessionId).toMatch(/^cs_test_/);
    expect(reply.url).toBe(`https://checkout.stripe.double/pay/${reply.sessionId}`);
    const [price] = stripe.callsTo('POST', '/v1/prices');
    expect(price.params).toMatchObject({ unit_amount: '19999', lookup_key: 'originality_yearly', currency: 'usd' });
    const [session] = stripe.callsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(session.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.userId,
      discounts: [{ coupon: 'HALF' }],
      success_url: 'http://app.test/?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/?checkout=cancelled',
      metadata: { userId: user.userId, tier: 'yearly', couponCode: 'HALF' },
    });
    expect(stripe.callsTo('POST', '/v1/coupons')[0].params).toMatchObject({ id: 'HALF', percent_off: '50' });
    // Nothing is active until Stripe says the checkout completed.
    expect(await limit(user)).toBe(10);
  });

  it('gives a coupon redemption back when Stripe refuses the session', async () => {
    await coupon('ONEUSE', { discountPercent: '20', maxRedemptions: 1 });
    stripe.fail('POST /v1/checkout/sessions');
    expect(
      await failure(
        billing.call(BillingRequestSubjects.checkout, { planId: 'monthly', couponCode: 'ONEUSE' }, aCaller()),
      ),
    ).toMatchObject({ code: 'UNAVAILABLE' });
    const reply = await billing.call<CheckoutResponse>(
      BillingRequestSubjects.checkout,
      { planId: 'monthly', couponCode: 'ONEUSE' },
      aCaller(),
    );
    expect(reply.sessionId).toBeDefined();
  });

  it('uses a coupon up at exactly its max under concurrent checkouts', async () => {
    await coupon('THREE', { maxRedemptions: 3 });
    const users = Array.from({ length: 8 }, () => aCaller());
    const results = await Promise.allSettled(
      users.map((user) =>
        billing.call<CheckoutResponse>(
          BillingRequestSubjects.checkout,
          { planId: 'monthly', couponCode: 'THREE' },
          user,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected'))
      expect((r.reason as Error).message).toBe('Coupon "THREE" has been used up.');
    const listed = await billing.call<Coupon[]>(BillingRequestSubjects.listCoupons, {}, superAdmin);
    expect(listed.find((c) => c.code === 'THREE')).toMatchObject({ currentRedemptions: 3, maxRedemptions: 3 });
    const limits = await Promise.all(users.map(limit));
    expect(limits.filter((l) => l === 999999)).toHaveLength(3);
  });

  it('activates on checkout.session.completed and processes a replayed event once', async () => {
    const user = aCaller();
    const completed = stripeEvent('checkout.session.completed', {
      mode: 'subscription',
      client_reference_id: user.userId,
      customer: 'cus_replay',
      subscription: 'sub_replay',
      amount_total: 1999,
      metadata: { userId: user.userId, tier: 'monthly' },
    });
    expect(await webhook(completed.payload, completed.signature)).toEqual({ received: true, applied: true });
    expect(await webhook(completed.payload, completed.signature)).toEqual({ received: true, applied: false });
    expect(await view(user)).toMatchObject({
      subscriptionTier: 'monthly',
      subscriptionStatus: 'active',
      subscriptionPrice: 19.99,
    });
    await events.waitFor<SubscriptionChangedEvent>(
      (e) => e.type === BillingEvents.subscriptionChanged && e.data.userId === user.userId,
    );
    const written: { data: SubscriptionChangedEvent }[] = await billing.app
      .get(DataSource)
      .query(`SELECT data FROM billing.outbox_event WHERE type = $1 AND data->>'userId' = $2`, [
        BillingEvents.subscriptionChanged,
        user.userId,
      ]);
    expect(written.map((row) => row.data)).toEqual([
      expect.objectContaining({ action: 'subscribed', tier: 'monthly', amountCents: 1999 }),
    ]);
  });

  it('refuses an unsigned or tampered webhook and changes nothing', async () => {
    const user = aCaller();
    const genuine = stripeEvent('checkout.session.completed', {
      mode: 'subscription',
      client_reference_id: user.userId,
      metadata: { userId: user.userId, tier: 'yearly' },
    });
    expect(await failure(webhook(genuine.payload, ''))).toMatchObject({ code: 'VALIDATION' });
    const tampered = genuine.payload.replace('yearly', 'monthly');
    expect(await failure(webhook(tampered, genuine.signature))).toMatchObject({ code: 'VALIDATION' });
    const otherSecret = signedStripeEvent(JSON.parse(genuine.payload), 'whsec_someone_else');
    expect(await failure(webhook(otherSecret.payload, otherSecret.signature))).toMatchObject({ code: 'VALIDATION' });
    expect(await view(user)).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'inactive' });
  });

  it('moves a failed payment to past_due, and ignores an older event that arrives late', async () => {
    const now = Math.floor(Date.now() / 1000);
    const user = await subscribedUser('cus_pd', 'sub_pd', now - 100);
    const invoice = { customer: 'cus_pd', parent: { subscription_details: { subscription: 'sub_pd' } } };
    const failed = stripeEvent('invoice.payment_failed', invoice, now - 10);
    const olderPaid = stripeEvent(
      'invoice.paid',
      { ...invoice, amount_paid: 1999, billing_reason: 'subscription_cycle' },
      now - 50,
    );
    expect(await webhook(failed.payload, failed.signature)).toEqual({ received: true, applied: true });
    expect(await webhook(olderPaid.payload, olderPaid.signature)).toEqual({ received: true, applied: false });
    expect(await view(user)).toMatchObject({ subscriptionStatus: 'past_due' });
    expect(await limit(user)).toBe(10);
  });

  it('cancels at period end through Stripe, keeping access until then', async () => {
    const user = await subscribedUser('cus_cancel', 'sub_cancel');
    const reply = await billing.call<MessageReply>(BillingRequestSubjects.cancel, {}, user);
    expect(reply.message).toMatch(/^Your subscription has been cancelled\. You keep Pro access until /);
    expect(stripe.callsTo('POST', '/v1/subscriptions/sub_cancel')[0].params).toEqual({ cancel_at_period_end: 'true' });
    expect(await view(user)).toMatchObject({ subscriptionStatus: 'cancelled', subscriptionTier: 'monthly' });
    expect(await limit(user)).toBe(999999);
    expect(await failure(billing.call(BillingRequestSubjects.cancel, {}, user))).toMatchObject({
      message: 'You have no active subscription to cancel.',
    });
  });

  it('schedules a plan change for the end of the cycle and refuses the same plan', async () => {
    const user = await subscribedUser('cus_switch', 'sub_switch');
    expect(
      await failure(
        billing.call(BillingRequestSubjects.schedulePlanChange, { newPlan: 'monthly', currentPlan: 'monthly' }, user),
      ),
    ).toMatchObject({ code: 'VALIDATION', message: 'Same Plan Selected: you are already on Pro Monthly.' });
    const reply = await billing.call<PlanChangeReply>(
      BillingRequestSubjects.schedulePlanChange,
      { newPlan: 'yearly', currentPlan: 'monthly' },
      user,
    );
    const current = await view(user);
    expect(reply).toMatchObject({ newPlan: 'yearly', effectiveAt: current.subscriptionEndsAt });
    expect(current).toMatchObject({ subscriptionTier: 'monthly', scheduledTier: 'yearly' });
    expect(stripe.callsTo('POST', '/v1/subscription_schedules')[0].params).toEqual({ from_subscription: 'sub_switch' });
    const update = stripe.callsTo('POST', /^\/v1\/subscription_schedules\/.+/)[0];
    expect(update.params).toMatchObject({
      end_behavior: 'release',
      phases: [{}, { duration: { interval_count: '12' } }],
    });
  });

  it('refunds the latest payment, ends the subscription at once and records who did it', async () => {
    const user = await subscribedUser('cus_refund', 'sub_refund');
    const paid = stripeEvent('invoice.paid', {
      customer: 'cus_refund',
      amount_paid: 1999,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: 'sub_refund' } },
      payments: { data: [{ payment: { payment_intent: 'pi_refund' } }] },
    });
    await webhook(paid.payload, paid.signature);
    stripe.paymentAmounts.set('pi_refund', 1999);
    const body = { userId: user.userId, reason: 'requested_by_admin' };
    expect(await failure(billing.call(BillingRequestSubjects.refund, body, user))).toMatchObject({ code: 'FORBIDDEN' });
    const reply = await billing.call<MessageReply>(BillingRequestSubjects.refund, body, admin);
    expect(reply.message).toBe(`$19.99 refunded; the subscription of ${user.email} is cancelled.`);
    expect(stripe.callsTo('POST', '/v1/refunds')[0].params).toMatchObject({
      payment_intent: 'pi_refund',
      metadata: { reason: 'requested_by_admin', refundedBy: admin.userId },
    });
    expect(stripe.callsTo('DELETE', '/v1/subscriptions/sub_refund')).toHaveLength(1);
    expect(await view(user)).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'inactive' });
    expect(await limit(user)).toBe(10);
    const refunded = await events.waitFor<SubscriptionChangedEvent>(
      (e) => e.data.userId === user.userId && e.data.action === 'refunded',
    );
    expect(refunded.data).toMatchObject({ tier: 'monthly', amountCents: 1999 });
    // Stripe's own charge.refunded that follows changes nothing more.
    const echo = stripeEvent('charge.refunded', { customer: 'cus_refund', amount_refunded: 1999 });
    expect(await webhook(echo.payload, echo.signature)).toEqual({ received: true, applied: true });
    expect(await failure(billing.call(BillingRequestSubjects.refund, body, superAdmin))).toMatchObject({
      message: 'This user has no subscription to refund.',
    });
  });

  it('lets only the super administrator list, create and deactivate coupons, and refuses deactivated ones', async () => {
    for (const caller of [aCaller(), admin]) {
      expect(await failure(billing.call(BillingRequestSubjects.listCoupons, {}, caller))).toMatchObject({
        code: 'FORBIDDEN',
      });
      const create = { code: 'NOPE', discountPercent: '10', duration: 'once' };
      expect(await failure(billing.call(BillingRequestSubjects.createCoupon, create, caller))).toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    const created = await coupon(' summer ', { discountPercent: '30', duration: 'repeating', durationInMonths: 3 });
    expect(created).toMatchObject({ code: 'SUMMER', discountPercent: 30, durationInMonths: 3, currentRedemptions: 0 });
    expect(await failure(coupon('summer'))).toMatchObject({ code: 'CONFLICT' });
    const off = await billing.call<Coupon>(BillingRequestSubjects.deactivateCoupon, { id: created.id }, superAdmin);
    expect(off.active).toBe(false);
    expect(stripe.callsTo('DELETE', '/v1/coupons/SUMMER')).toHaveLength(1);
    expect(
      await failure(
        billing.call(BillingRequestSubjects.checkout, { planId: 'monthly', couponCode: 'SUMMER' }, aCaller()),
      ),
    ).toMatchObject({ code: 'VALIDATION', message: 'Coupon "SUMMER" is no longer active.' });
  });
});
