import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type Caller,
  type CheckoutRequest,
  type CheckoutResponse,
  type PaidTier,
  isPaidTier,
} from '@originality/contracts';
import { DomainError } from '@originality/platform';
import type { DataSource } from 'typeorm';
import type { CouponRow } from '../coupons/coupon.entity';
import { normaliseCouponCode } from '../coupons/coupon-rules';
import { CouponsService } from '../coupons/coupons.service';
import { PLAN_CATALOGUE, discountedCents } from '../plans/plan-catalogue';
import { PAYMENTS_NOT_CONFIGURED, StripePayments } from '../stripe/stripe-payments';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';

/** Where the browser goes after a plan was activated without payment. */
const AFTER_ACTIVATION = '/';

/**
 * Spec §4 subscribe flow, server side. A coupon that brings the price to 0 activates the plan at
 * once (with or without Stripe); any other checkout is a Stripe Checkout Session.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly coupons: CouponsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly stripe: StripePayments,
  ) {}

  async checkout(caller: Caller | null, request: CheckoutRequest): Promise<CheckoutResponse> {
    if (!caller) throw DomainError.unauthenticated();
    const tier = chosenTier(request);
    await this.subscriptions.assertCanSubscribe(caller.userId);
    const code = request.couponCode ? normaliseCouponCode(request.couponCode) : '';
    const coupon = code ? await this.coupons.usable(code) : null;
    const price = discountedCents(PLAN_CATALOGUE[tier].priceCents, coupon?.discountPercent ?? 0);
    if (price === 0 && coupon) return this.activateFree(caller, tier, coupon);
    if (!this.stripe.isConfigured()) throw DomainError.unavailable(PAYMENTS_NOT_CONFIGURED);
    return this.hostedCheckout(caller, tier, coupon);
  }

  private async activateFree(caller: Caller, tier: PaidTier, coupon: CouponRow): Promise<CheckoutResponse> {
    await this.dataSource.transaction(async (manager) => {
      await this.coupons.redeem(manager, coupon, caller.userId);
      await this.subscriptions.activateWithoutPayment(manager, caller, tier);
    });
    return {
      success: true,
      redirect: AFTER_ACTIVATION,
      message: `${PLAN_CATALOGUE[tier].name} is active: enjoy unlimited analyses.`,
    };
  }

  /**
   * The redemption is counted when the session is created, so concurrent checkouts cannot pass a
   * coupon's max; if Stripe refuses the session, the count is given back in the same transaction.
   */
  private async hostedCheckout(caller: Caller, tier: PaidTier, coupon: CouponRow | null): Promise<CheckoutResponse> {
    const stripeCouponId = coupon ? await this.coupons.stripeCouponFor(coupon) : null;
    return this.dataSource.transaction(async (manager) => {
      if (coupon) await this.coupons.redeem(manager, coupon, caller.userId);
      const session = await this.stripe.createCheckoutSession({
        userId: caller.userId,
        email: caller.email,
        tier,
        stripeCouponId,
        couponCode: coupon?.code ?? null,
      });
      return { sessionId: session.sessionId, ...(session.url ? { url: session.url } : {}) };
    });
  }
}

/** The paid plan asked for; Free and unknown plans are refused with a message. */
function chosenTier(request: CheckoutRequest): PaidTier {
  if (request.planId === 'free') throw DomainError.validation('The Free plan needs no checkout.', { field: 'planId' });
  if (!isPaidTier(request.planId))
    throw DomainError.validation(`Unknown plan "${request.planId}".`, { field: 'planId' });
  if (request.planType !== undefined && request.planType !== request.planId)
    throw DomainError.validation('planType must match planId.', { field: 'planType' });
  return request.planId;
}
