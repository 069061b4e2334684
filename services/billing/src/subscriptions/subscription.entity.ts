import type { PaidTier, SubscriptionStatus, SubscriptionTier } from '@originality/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One user's subscription (a row exists once the user has ever subscribed). */
@Entity({ name: 'subscription' })
export class Subscription {
  /** The identity provider subject of the user. */
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ type: 'text' })
  tier: SubscriptionTier;

  @Column({ type: 'text' })
  status: SubscriptionStatus;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  /** What the user pays per period after discounts, in cents. */
  @Column({ name: 'price_cents', type: 'integer', nullable: true })
  priceCents: number | null;

  @Column({ name: 'scheduled_tier', type: 'text', nullable: true })
  scheduledTier: PaidTier | null;

  @Column({ name: 'stripe_customer_id', type: 'text', nullable: true })
  stripeCustomerId: string | null;

  @Column({ name: 'stripe_subscription_id', type: 'text', nullable: true })
  stripeSubscriptionId: string | null;

  @Column({ name: 'stripe_schedule_id', type: 'text', nullable: true })
  stripeScheduleId: string | null;

  /** The payment a refund gives back (from the latest paid invoice). */
  @Column({ name: 'latest_payment_intent_id', type: 'text', nullable: true })
  latestPaymentIntentId: string | null;

  @Column({ name: 'latest_amount_paid_cents', type: 'integer', nullable: true })
  latestAmountPaidCents: number | null;

  /** Stripe's timestamp of the newest event applied, so an older event arriving late changes nothing. */
  @Column({ name: 'stripe_event_at', type: 'timestamptz', nullable: true })
  stripeEventAt: Date | null;

  @Column({ name: 'refunded_by', type: 'text', nullable: true })
  refundedBy: string | null;

  @Column({ name: 'refund_reason', type: 'text', nullable: true })
  refundReason: string | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
