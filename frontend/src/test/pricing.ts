import type { PricingResponse } from '@originality/contracts';

const PRO_FEATURES = ['Unlimited analyses', 'Similarity reports'];

/** GET /api/subscription/pricing as billing answers it (see services/billing plan-catalogue). */
export function aPricing(overrides: Partial<PricingResponse> = {}): PricingResponse {
  return {
    monthly: { displayPrice: '$19.99', priceCents: 1999, savings: null },
    quarterly: { displayPrice: '$54.99', priceCents: 5499, savings: 'Save $5 (vs $59.97)' },
    yearly: { displayPrice: '$199.99', priceCents: 19999, savings: 'Save $40 — 2 months free, 16% discount' },
    plans: [
      {
        id: 'free',
        name: 'Free',
        price: '$0',
        priceCents: 0,
        period: 'forever',
        description: 'Try it.',
        features: ['10 song analyses per month'],
      },
      {
        id: 'monthly',
        name: 'Pro Monthly',
        price: '$19.99',
        priceCents: 1999,
        period: 'per month',
        description: 'Monthly.',
        features: PRO_FEATURES,
      },
      {
        id: 'quarterly',
        name: 'Pro Quarterly',
        price: '$54.99',
        priceCents: 5499,
        period: 'per quarter',
        description: 'Quarterly.',
        features: PRO_FEATURES,
        savings: 'Save $5 (vs $59.97)',
      },
      {
        id: 'yearly',
        name: 'Pro Yearly',
        price: '$199.99',
        priceCents: 19999,
        period: 'per year',
        description: 'Yearly.',
        features: PRO_FEATURES,
        savings: 'Save $40 — 2 months free, 16% discount',
      },
    ],
    environment: 'test',
    ...overrides,
  };
}
