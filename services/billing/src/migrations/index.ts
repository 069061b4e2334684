import { outboxMigration } from '@originality/platform';
import { BILLING_SCHEMA } from '../schema';
import { CreateBilling1731000000000 } from './1731000000000-create-billing';

/** Migrations of the `billing` schema, oldest first. */
export const BillingMigrations = [outboxMigration(BILLING_SCHEMA), CreateBilling1731000000000];
