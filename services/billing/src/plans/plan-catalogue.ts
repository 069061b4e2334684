import {
  type PaidTier,
  type Plan,
  type PlanPricing,
  type PricingResponse,
  type SubscriptionTier,
  UPLOAD_RULES,
} from '@originality/contracts';

/** How long one paid period lasts, in calendar months. */
export const PERIOD_MONTHS: Record<PaidTier, number> = { monthly: 1, quarterly: 3, yearly: 12 };

interface CataloguePlan {
  id: SubscriptionTier;
  name: string;
  priceCents: number;
  period: string;
  description: string;
  features: string[];
}

const PRO_FEATURES = [
  'Unlimited analyses',
  'Advanced originality insights',
  'Similarity reports',
  'Priority processing',
  'Export results',
  'Email support',
];

/** Spec §9 plans: the one source of truth for names and prices (integer cents). */
export const PLAN_CATALOGUE: Record<SubscriptionTier, CataloguePlan> = {
  free: {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    period: 'forever',
    description: 'Try the originality check.',
    features: [
      `${UPLOAD_RULES.freeMonthlyAnalyses} song analyses per month`,
      'Originality score',
      'Similar tracks list',
    ],
  },
  monthly: {
    id: 'monthly',
    name: 'Pro Monthly',
    priceCents: 1999,
    period: 'per month',
    description: 'Full access, billed monthly.',
    features: PRO_FEATURES,
  },
  quarterly: {
    id: 'quarterly',
    name: 'Pro Quarterly',
    priceCents: 5499,
    period: 'per quarter',
    description: 'Full access, billed every three months.',
    features: PRO_FEATURES,
  },
  yearly: {
    id: 'yearly',
    name: 'Pro Yearly',
    priceCents: 19999,
    period: 'per year',
    description: 'Full access, billed yearly: 2 months free.',
    features: PRO_FEATURES,
  },
};

/** '$19.99', '$0', '$5'. */
export function formatDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${whole ? String(cents / 100) : (cents / 100).toFixed(2)}`;
}

/** Spec §9 savings wording, computed from the monthly price so it follows the catalogue. */
export function savingsOf(tier: PaidTier): string | null {
  const monthly = PLAN_CATALOGUE.monthly.priceCents;
  const price = PLAN_CATALOGUE[tier].priceCents;
  const fullPrice = monthly * PERIOD_MONTHS[tier];
  // Whole dollars saved: $59.97 − $54.99 is "Save $5", $239.88 − $199.99 is "Save $40".
  const saved = Math.round((fullPrice - price) / 100) * 100;
  if (saved <= 0) return null;
  if (tier === 'yearly') {
    const freeMonths = Math.round((fullPrice - price) / monthly);
    const percent = Math.floor(((fullPrice - price) / fullPrice) * 100);
    return `Save ${formatDollars(saved)} — ${freeMonths} months free, ${percent}% discount`;
  }
  return `Save ${formatDollars(saved)} (vs ${formatDollars(fullPrice)})`;
}

export function planOf(tier: SubscriptionTier): Plan {
  const plan = PLAN_CATALOGUE[tier];
  const savings = tier === 'free' ? null : savingsOf(tier);
  return { ...plan, price: formatDollars(plan.priceCents), ...(savings ? { savings } : {}) };
}

function pricingOf(tier: PaidTier): PlanPricing {
  const priceCents = PLAN_CATALOGUE[tier].priceCents;
  return { displayPrice: formatDollars(priceCents), priceCents, savings: savingsOf(tier) };
}

export function pricing(environment: PricingResponse['environment']): PricingResponse {
  return {
    monthly: pricingOf('monthly'),
    quarterly: pricingOf('quarterly'),
    yearly: pricingOf('yearly'),
    plans: (['free', 'monthly', 'quarterly', 'yearly'] as const).map(planOf),
    environment,
  };
}

/** The price after a percent discount, rounded to the cent as Stripe does. */
export const discountedCents = (priceCents: number, percentOff: number): number =>
  Math.max(0, Math.round((priceCents * (100 - percentOff)) / 100));
