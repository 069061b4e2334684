import { Inject, Injectable, Logger } from '@nestjs/common';
import { type CouponDuration, type PaidTier } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import Stripe from 'stripe';
import { BILLING_CONFIG, type BillingConfig } from '../config';
import { PERIOD_MONTHS, PLAN_CATALOGUE } from '../plans/plan-catalogue';
import type { StripeEventInput } from '../webhooks/stripe-event-rules';

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this server';
const PAYMENT_PROVIDER_FAILED = 'The payment provider could not be reached. Please try again.';

export interface CheckoutSessionRequest {
  userId: string;
  email: string | null;
  tier: PaidTier;
  stripeCouponId: string | null;
  couponCode: string | null;
}

export interface StripeCouponSpec {
  code: string;
  percentOff: number;
  duration: CouponDuration;
  durationInMonths: number | null;
  maxRedemptions: number | null;
}

const lookupKey = (tier: PaidTier) => `originality_${tier}`;

/**
 * Stripe behind one class, in the product's words. Every method needs STRIPE_SECRET_KEY except
 * `isConfigured`; STRIPE_API_HOST/PORT/PROTOCOL point the official SDK at a local double outside
 * production. Stripe's own errors become UNAVAILABLE with a message a person can read.
 */
@Injectable()
export class StripePayments {
  private readonly logger = new Logger(StripePayments.name);
  private readonly stripe: Stripe | null;
  private readonly priceIds = new Map<PaidTier, string>();

  constructor(@Inject(BILLING_CONFIG) private readonly config: BillingConfig) {
    this.stripe = config.STRIPE_SECRET_KEY ? new Stripe(config.STRIPE_SECRET_KEY, this.sdkOptions()) : null;
    const configured: [PaidTier, string | undefined][] = [
      ['monthly', config.STRIPE_PRICE_MONTHLY],
      ['quarterly', config.STRIPE_PRICE_QUARTERLY],
      ['yearly', config.STRIPE_PRICE_YEARLY],
    ];
    for (const [tier, id] of configured) if (id) this.priceIds.set(tier, id);
  }

  isConfigured(): boolean {
    return this.stripe !== null;
  }

  /** A Checkout Session in subscription mode for the plan's price, the coupon applied as a discount. */
  async createCheckoutSession(request: CheckoutSessionRequest): Promise<{ sessionId: string; url: string | null }> {
    const stripe = this.client();
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    const metadata = { userId: request.userId, tier: request.tier, couponCode: request.couponCode ?? '' };
    const session = await this.call(async () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: await this.priceIdFor(request.tier), quantity: 1 }],
        ...(request.stripeCouponId ? { discounts: [{ coupon: request.stripeCouponId }] } : {}),
        client_reference_id: request.userId,
        ...(request.email ? { customer_email: request.email } : {}),
        metadata,
        subscription_data: { metadata: { userId: request.userId, tier: request.tier } },
        success_url: `${base}/?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${base}/?checkout=cancelled`,
      }),
    );
    return { sessionId: session.id, url: session.url ?? null };
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    const stripe = this.client();
    await this.call(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
  }

  /** Ends a subscription now (after a refund). */
  async cancelNow(subscriptionId: string): Promise<void> {
    const stripe = this.client();
    await this.call(() => stripe.subscriptions.cancel(subscriptionId));
  }

  /**
   * A subscription schedule whose current phase runs to the period end and whose next phase bills
   * `tier`: the change takes effect with the next billing cycle. Returns the schedule id.
   */
  async schedulePlanChange(subscriptionId: string, scheduleId: string | null, tier: PaidTier): Promise<string> {
    const stripe = this.client();
    return this.call(async () => {
      const newPrice = await this.priceIdFor(tier);
      const schedule = scheduleId
        ? await stripe.subscriptionSchedules.retrieve(scheduleId)
        : await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
      const current = schedule.phases[0];
      if (!current) throw new Error(`schedule ${schedule.id} has no phase`);
      const currentItems = current.items.map((item) => ({
        price: typeof item.price === 'string' ? item.price : item.price.id,
        quantity: item.quantity ?? 1,
      }));
      await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          { items: currentItems, start_date: current.start_date, end_date: current.end_date },
          {
            items: [{ price: newPrice, quantity: 1 }],
            duration: { interval: 'month', interval_count: PERIOD_MONTHS[tier] },
          },
        ],
      });
      return schedule.id;
    });
  }

  async refund(paymentIntentId: string, reason: string, refundedBy: string): Promise<number> {
    const stripe = this.client();
    const refund = await this.call(() =>
      stripe.refunds.create({
        payment_intent: paymentIntentId,
        reason: 'requested_by_customer',
        metadata: { reason, refundedBy },
      }),
    );
    return refund.amount;
  }

  /** Mirrors a coupon to Stripe (id = the code) so Checkout can apply it. */
  async createCoupon(spec: StripeCouponSpec): Promise<string> {
    const stripe = this.client();
    const coupon = await this.call(() =>
      stripe.coupons.create({
        id: spec.code,
        name: spec.code,
        percent_off: spec.percentOff,
        duration: spec.duration,
        ...(spec.duration === 'repeating' && spec.durationInMonths
          ? { duration_in_months: spec.durationInMonths }
          : {}),
        ...(spec.maxRedemptions ? { max_redemptions: spec.maxRedemptions } : {}),
      }),
    );
    return coupon.id;
  }

  /** Stops Stripe applying a deactivated coupon; a coupon Stripe no longer has is fine. */
  async deleteCoupon(stripeCouponId: string): Promise<void> {
    const stripe = this.client();
    await this.call(async () => {
      await stripe.coupons.del(stripeCouponId).catch((err: unknown) => {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return;
        throw err;
      });
    });
  }

  /** The event a webhook body stands for, if its signature is right; throws VALIDATION otherwise. */
  verifyWebhook(payload: string, signature: string): StripeEventInput {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw DomainError.unavailable('Stripe webhooks are not configured on this server.');
    try {
      return Stripe.webhooks.constructEvent(payload, signature, secret);
    } catch (err) {
      throw DomainError.validation(`Invalid Stripe webhook: ${(err as Error).message}`);
    }
  }

  private client(): Stripe {
    if (!this.stripe) throw DomainError.unavailable(PAYMENTS_NOT_CONFIGURED);
    return this.stripe;
  }

  /** The price of a tier: configured, else found by lookup key, else created from the catalogue. */
  private async priceIdFor(tier: PaidTier): Promise<string> {
    const known = this.priceIds.get(tier);
    if (known) return known;
    const stripe = this.client();
    const found = await stripe.prices.list({ lookup_keys: [lookupKey(tier)], active: true, limit: 1 });
    const plan = PLAN_CATALOGUE[tier];
    const id =
      found.data[0]?.id ??
      (
        await stripe.prices.create({
          currency: 'usd',
          unit_amount: plan.priceCents,
          recurring: { interval: 'month', interval_count: PERIOD_MONTHS[tier] },
          lookup_key: lookupKey(tier),
          metadata: { tier },
          product_data: { name: plan.name },
        })
      ).id;
    this.priceIds.set(tier, id);
    return id;
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof DomainError) throw err;
      this.logger.error(`Stripe call failed: ${(err as Error).message}`);
      throw DomainError.unavailable(PAYMENT_PROVIDER_FAILED);
    }
  }

  private sdkOptions(): ConstructorParameters<typeof Stripe>[1] {
    const local =
      this.config.NODE_ENV !== 'production' && this.config.STRIPE_API_HOST
        ? {
            host: this.config.STRIPE_API_HOST,
            port: this.config.STRIPE_API_PORT,
            protocol: this.config.STRIPE_API_PROTOCOL ?? 'http',
          }
        : {};
    return { maxNetworkRetries: 1, timeout: 20_000, telemetry: false, ...local };
  }
}
