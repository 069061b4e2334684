import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event id seen once; a replay of it is acknowledged and ignored. */
@Entity({ name: 'stripe_event' })
export class StripeEventRecord {
  @PrimaryColumn('text')
  id: string;

  @Column('text')
  type: string;

  /** Stripe's `created`. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'processed_at', type: 'timestamptz', default: () => 'now()' })
  processedAt: Date;
}
