/** Spec §9 plans. Prices are display values; billing decides what is charged. */
export type PlanId = 'free' | 'monthly' | 'quarterly' | 'yearly';

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  savings?: string;
}

const PRO_FEATURES = [
  'Unlimited analyses',
  'Advanced originality insights',
  'Similarity reports',
  'Priority processing',
  'Export results',
  'Email support',
];

export const FREE_MONTHLY_ANALYSES = 10;

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    period: 'forever',
    description: 'Try the originality check.',
    features: [`${FREE_MONTHLY_ANALYSES} song analyses per month`, 'Originality score', 'Similar tracks list'],
  },
  {
    id: 'monthly',
    name: 'Pro Monthly',
    price: '$19.99',
    period: 'per month',
    description: 'Full access, billed monthly.',
    features: PRO_FEATURES,
  },
  {
    id: 'quarterly',
    name: 'Pro Quarterly',
    price: '$54.99',
    period: 'per quarter',
    description: 'Full access, billed every three months.',
    features: PRO_FEATURES,
    savings: 'Save $5 (vs $59.97)',
  },
  {
    id: 'yearly',
    name: 'Pro Yearly',
    price: '$199.99',
    period: 'per year',
    description: 'Full access, billed yearly: 2 months free.',
    features: PRO_FEATURES,
    savings: 'Save $40 — 16% discount',
  },
];

export const isPaidPlan = (id: PlanId): boolean => id !== 'free';
export const planById = (id: string): Plan | undefined => PLANS.find((plan) => plan.id === id);
