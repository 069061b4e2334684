import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Analyses a user started in one calendar month (UTC). A counter rather than a count of uploads,
 * so deleting an upload does not give the analysis back; its row is also the per-user lock that
 * makes concurrent creates take turns.
 */
@Entity({ name: 'monthly_usage' })
export class MonthlyUsage {
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  /** First day of the month, 'YYYY-MM-01'. */
  @PrimaryColumn({ type: 'date' })
  month: string;

  @Column({ type: 'integer', default: 0 })
  analyses: number;
}
