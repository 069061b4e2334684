import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BILLING_SCHEMA as S } from '../schema';

export class CreateBilling1731000000000 implements MigrationInterface {
  name = 'CreateBilling1731000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "${S}"."subscription" (
      "user_id" text PRIMARY KEY,
      "email" text,
      "tier" text NOT NULL CHECK ("tier" IN ('free', 'monthly', 'quarterly', 'yearly')),
      "status" text NOT NULL CHECK ("status" IN ('active', 'cancelled', 'past_due', 'inactive')),
      "current_period_end" timestamptz,
      "price_cents" integer CHECK ("price_cents" >= 0),
      "scheduled_tier" text CHECK ("scheduled_tier" IN ('monthly', 'quarterly', 'yearly')),
      "stripe_customer_id" text,
      "stripe_subscription_id" text UNIQUE,
      "stripe_schedule_id" text,
      "latest_payment_intent_id" text,
      "latest_amount_paid_cents" integer,
      "stripe_event_at" timestamptz,
      "refunded_by" text,
      "refund_reason" text,
      "refunded_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX "subscription_customer" ON "${S}"."subscription" ("stripe_customer_id")`);
    // The expiry sweep looks only at rows whose paid period can run out.
    await q.query(
      `CREATE INDEX "subscription_period_end" ON "${S}"."subscription" ("current_period_end") WHERE "status" IN ('active', 'cancelled')`,
    );
    await q.query(`CREATE TABLE "${S}"."coupon" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "code" text NOT NULL UNIQUE,
      "active" boolean NOT NULL DEFAULT true,
      "discount_percent" integer NOT NULL CHECK ("discount_percent" BETWEEN 1 AND 100),
      "duration" text NOT NULL CHECK ("duration" IN ('once', 'repeating', 'forever')),
      "duration_in_months" integer CHECK ("duration_in_months" >= 1),
      "max_redemptions" integer CHECK ("max_redemptions" >= 1),
      "current_redemptions" integer NOT NULL DEFAULT 0 CHECK ("current_redemptions" >= 0),
      "stripe_coupon_id" text,
      "created_by" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CHECK ("max_redemptions" IS NULL OR "current_redemptions" <= "max_redemptions"),
      CHECK (("duration" = 'repeating') = ("duration_in_months" IS NOT NULL)))`);
    await q.query(`CREATE INDEX "coupon_created_at" ON "${S}"."coupon" ("created_at")`);
    await q.query(`CREATE TABLE "${S}"."stripe_event" (
      "id" text PRIMARY KEY,
      "type" text NOT NULL,
      "created_at" timestamptz NOT NULL,
      "processed_at" timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}"."stripe_event"`);
    await q.query(`DROP TABLE "${S}"."coupon"`);
    await q.query(`DROP TABLE "${S}"."subscription"`);
  }
}
