import { outboxMigration } from '@originality/platform';
import { BILLING_SCHEMA } from '../schema';

/** Migrations of the `billing` schema, oldest first. */
export const BillingMigrations = [outboxMigration(BILLING_SCHEMA)];
