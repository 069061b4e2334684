import type { SubscriptionStatus, SubscriptionTier } from './identity';

/** The paid tiers (spec §3 Plan ids other than free). */
export const PAID_TIERS = ['monthly', 'quarterly', 'yearly'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
export const SUBSCRIPTION_TIERS = ['free', ...PAID_TIERS] as const;

export const isPaidTier = (value: unknown): value is PaidTier =>
  typeof value === 'string' && (PAID_TIERS as readonly string[]).includes(value);

/** Spec §3 Plan, as GET /api/subscription/pricing serves it (prices rendered from integer cents). */
export interface Plan {
  id: SubscriptionTier;
  name: string;
  /** '$19.99'. */
  price: string;
  priceCents: number;
  /** 'per month', 'forever'. */
  period: string;
  description: string;
  features: string[];
  savings?: string;
}

/** Spec §3 Pricing response entry. */
export interface PlanPricing {
  displayPrice: string;
  priceCents: number;
  savings: string | null;
}

/** GET /api/subscription/pricing: spec §3 Pricing response plus the four plan cards. */
export interface PricingResponse {
  monthly: PlanPricing;
  quarterly: PlanPricing;
  yearly: PlanPricing;
  plans: Plan[];
  /** Where billing runs; the developer testing panel (and the test coupon) exist only outside production. */
  environment: 'development' | 'test' | 'production';
}

/** POST /api/create-checkout-session. */
export interface CheckoutRequest {
  planId: string;
  planType?: string;
  couponCode?: string;
}

/**
 * Spec §3 Checkout response. Either the plan is active at once (`success`, `redirect`, `message`:
 * a coupon brought the price to 0) or the browser goes to the hosted checkout (`sessionId`, `url`).
 */
export interface CheckoutResponse {
  success?: boolean;
  redirect?: string;
  message?: string;
  sessionId?: string;
  url?: string;
}

/** POST /api/subscription/schedule-plan-change. */
export interface PlanChangeRequest {
  newPlan: string;
  currentPlan: string;
}

export interface PlanChangeReply {
  message: string;
  newPlan: PaidTier;
  effectiveAt: string;
}

export interface MessageReply {
  message: string;
}

/** POST /api/admin/refund (spec: reason is always 'requested_by_admin'). */
export interface RefundRequest {
  userId: string;
  reason: string;
}

/** The subscription fields of spec §3 User, as billing answers them for one user. */
export interface SubscriptionView {
  userId: string;
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  subscriptionEndsAt: string | null;
  /** Dollars, as charged (0 when a coupon covered it); null without a subscription. */
  subscriptionPrice: number | null;
  /** A plan change that takes effect at `subscriptionEndsAt`. */
  scheduledTier: PaidTier | null;
}

export interface SubscriptionRequest {
  userId: string;
}

export interface SubscriptionsRequest {
  userIds: string[];
}

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

/** Spec §3 Coupon. */
export interface Coupon {
  id: string;
  code: string;
  active: boolean;
  discountPercent: number;
  duration: CouponDuration;
  durationInMonths: number | null;
  maxRedemptions: number | null;
  currentRedemptions: number;
  createdAt: string;
}

/** Spec §3 Coupon create payload (discountPercent is sent as a string by the form). */
export interface CouponCreateRequest {
  code: string;
  discountPercent: string | number;
  duration: string;
  durationInMonths?: number;
  maxRedemptions?: number;
}

export interface CouponIdRequest {
  id: string;
}

/** Spec §9 coupon rules. */
export const COUPON_RULES = {
  codeMaxLength: 40,
  codePattern: '^[A-Z0-9_-]+$',
  minPercent: 1,
  maxPercent: 100,
  minMonths: 1,
  maxMonths: 36,
  minRedemptions: 1,
} as const;

/** The developer test coupon of spec §4/§9. */
export const TEST_COUPON_CODE = 'TESTFREE100';

/** POST /api/stripe/webhook, passed on to billing unchanged so billing verifies the signature. */
export interface StripeWebhookRequest {
  /** The raw body, exactly as received (UTF-8). */
  payload: string;
  signature: string;
}

export interface StripeWebhookReply {
  received: true;
  /** False when the event id was seen before (a replay) or the event was older than the row. */
  applied: boolean;
}

export const BillingRequestSubjects = {
  pricing: 'billing.pricing.get',
  subscription: 'billing.subscriptions.get',
  subscriptions: 'billing.subscriptions.list',
  checkout: 'billing.checkout.create',
  cancel: 'billing.subscriptions.cancel',
  schedulePlanChange: 'billing.subscriptions.schedule-change',
  refund: 'billing.subscriptions.refund',
  listCoupons: 'billing.coupons.list',
  createCoupon: 'billing.coupons.create',
  deactivateCoupon: 'billing.coupons.deactivate',
  createTestCoupon: 'billing.coupons.create-test',
  stripeWebhook: 'billing.stripe.webhook',
} as const;

/** What happened to a subscription (admin analytics' Recent Subscription Changes). */
export const SUBSCRIPTION_ACTIONS = [
  'subscribed',
  'cancelled',
  'plan-change-scheduled',
  'renewed',
  'past-due',
  'refunded',
  'expired',
] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

export const BillingEvents = {
  subscriptionChanged: 'events.billing.subscription.changed',
  /** A change of the row that is no business event (a Stripe update of the tier or period end): caches listen. */
  subscriptionUpdated: 'events.billing.subscription.updated',
  couponChanged: 'events.billing.coupon.changed',
} as const;

export interface SubscriptionChangedEvent {
  userId: string;
  email: string | null;
  action: SubscriptionAction;
  tier: SubscriptionTier;
  /** Money that moved with this change (charged, or refunded for 'refunded'); 0 when none. */
  amountCents: number;
  at: string;
}

export interface SubscriptionUpdatedEvent {
  userId: string;
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  at: string;
}

export interface CouponChangedEvent {
  couponId: string;
  code: string;
  action: 'created' | 'deactivated' | 'redeemed';
  currentRedemptions: number;
  by: string | null;
  at: string;
}
