import {
  type PaidTier,
  type SubscriptionStatus,
  type SubscriptionTier,
  type SubscriptionView,
  UPLOAD_RULES,
} from '@originality/contracts';
import { PERIOD_MONTHS } from '../plans/plan-catalogue';

/** The fields of a subscription row the rules read and write. */
export interface SubscriptionState {
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  priceCents: number | null;
  scheduledTier: PaidTier | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  latestPaymentIntentId: string | null;
  latestAmountPaidCents: number | null;
  stripeEventAt: Date | null;
}

export const NO_SUBSCRIPTION: SubscriptionState = {
  tier: 'free',
  status: 'inactive',
  currentPeriodEnd: null,
  priceCents: null,
  scheduledTier: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  latestPaymentIntentId: null,
  latestAmountPaidCents: null,
  stripeEventAt: null,
};

/** Spec §4: active, or cancelled while the paid period still runs. */
export function hasProAccess(state: Pick<SubscriptionState, 'status' | 'currentPeriodEnd'>, now: Date): boolean {
  if (state.status === 'active') return state.currentPeriodEnd === null || state.currentPeriodEnd > now;
  if (state.status === 'cancelled') return state.currentPeriodEnd !== null && state.currentPeriodEnd > now;
  return false;
}

/**
 * What the user sees now: a subscription whose paid period has run out reads as Free, even
 * before the expiry sweep has written that down.
 */
export function subscriptionView(userId: string, state: SubscriptionState | null, now: Date): SubscriptionView {
  const s = state ?? NO_SUBSCRIPTION;
  const ended = s.status === 'cancelled' && !hasProAccess(s, now);
  return {
    userId,
    subscriptionTier: ended ? 'free' : s.tier,
    subscriptionStatus: ended ? 'inactive' : s.status,
    subscriptionEndsAt: s.currentPeriodEnd?.toISOString() ?? null,
    subscriptionPrice: s.priceCents === null || ended ? null : s.priceCents / 100,
    scheduledTier: ended ? null : s.scheduledTier,
  };
}

/** The monthly analysis limit (spec §9: 10 on Free, 999999 = unlimited while Pro). */
export function monthlyAnalysesOf(state: SubscriptionState | null, now: Date): number {
  return state && state.tier !== 'free' && hasProAccess(state, now)
    ? UPLOAD_RULES.unlimited
    : UPLOAD_RULES.freeMonthlyAnalyses;
}

/** The end of one paid period of `tier` that starts at `from` (calendar months, UTC). */
export function periodEndFrom(from: Date, tier: PaidTier): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + PERIOD_MONTHS[tier]);
  return end;
}
