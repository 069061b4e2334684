import type { CouponDuration } from '@originality/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'coupon' })
export class CouponRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Upper case, unique. */
  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'discount_percent', type: 'integer' })
  discountPercent: number;

  @Column({ type: 'text' })
  duration: CouponDuration;

  @Column({ name: 'duration_in_months', type: 'integer', nullable: true })
  durationInMonths: number | null;

  @Column({ name: 'max_redemptions', type: 'integer', nullable: true })
  maxRedemptions: number | null;

  /** Counted with a conditional UPDATE, so it never passes max_redemptions (a CHECK holds it too). */
  @Column({ name: 'current_redemptions', type: 'integer', default: 0 })
  currentRedemptions: number;

  @Column({ name: 'stripe_coupon_id', type: 'text', nullable: true })
  stripeCouponId: string | null;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
