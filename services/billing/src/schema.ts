/** The Postgres schema the billing service owns. */
export const BILLING_SCHEMA = 'billing';
