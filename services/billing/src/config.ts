import { type ConfigOf, commonConfig, loadConfig, oneOf, port, str, url } from '@originality/platform';

const optional = <T>(parse: (raw: string) => T) => ({ required: false as const, parse });

/**
 * Billing settings. Without STRIPE_SECRET_KEY the product works fully except taking money: paid
 * checkouts answer 'Payments are not configured on this server'. STRIPE_API_* point the SDK at a
 * local Stripe double and are ignored in production.
 */
export const billingConfigSpec = {
  NODE_ENV: commonConfig.NODE_ENV,
  /** Where the browser comes back to after the hosted checkout. */
  PUBLIC_URL: { default: 'http://localhost:3000', parse: url({ protocols: ['http', 'https'] }) },
  STRIPE_SECRET_KEY: optional(str({ minLength: 8, maxLength: 512 })),
  STRIPE_WEBHOOK_SECRET: optional(str({ minLength: 8, maxLength: 512 })),
  /** Stripe price ids per plan; when unset the price is looked up (or created) by lookup key `originality_<plan>`. */
  STRIPE_PRICE_MONTHLY: optional(str({ pattern: /^price_\w+$/ })),
  STRIPE_PRICE_QUARTERLY: optional(str({ pattern: /^price_\w+$/ })),
  STRIPE_PRICE_YEARLY: optional(str({ pattern: /^price_\w+$/ })),
  STRIPE_API_HOST: optional(str({ minLength: 1, maxLength: 255 })),
  STRIPE_API_PORT: optional(port()),
  STRIPE_API_PROTOCOL: optional(oneOf(['http', 'https'] as const)),
};
export type BillingConfig = ConfigOf<typeof billingConfigSpec>;

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
export const billingConfigProvider = {
  provide: BILLING_CONFIG,
  useFactory: (): BillingConfig => loadConfig(billingConfigSpec),
};
