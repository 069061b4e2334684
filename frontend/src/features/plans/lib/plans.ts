import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '@originality/contracts';

/** Spec §3 Plan ids; the plans themselves (names, prices, features) come from the pricing API. */
export type PlanId = SubscriptionTier;

export const isPaidPlan = (id: PlanId): boolean => id !== 'free';
export const isPlanId = (value: string): value is PlanId => (SUBSCRIPTION_TIERS as readonly string[]).includes(value);

/** Spec §9: the usage max the dialog assumes when it is not known. */
export const DEFAULT_MONTHLY_MAX = 10;
