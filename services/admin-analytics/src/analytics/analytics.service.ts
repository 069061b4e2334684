import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_ANALYTICS_WINDOWS,
  type AdminAnalytics,
  type SubscriptionChangeView,
  revenueFigures,
} from '@originality/contracts';
import type { DataSource } from 'typeorm';
import { fileTypeOf } from '../read-models/reducers';
import { ADMIN_ANALYTICS_SCHEMA as S } from '../schema';

const DAY_MS = 86_400_000;

/** The figures of the admin screens, read from the read models (spec §3 Admin analytics). */
@Injectable()
export class AnalyticsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async analytics(now = new Date()): Promise<AdminAnalytics> {
    const [users, uploads, subscriptions, analysis, fileTypes, changes] = await Promise.all([
      this.userCounts(),
      this.uploadCounts(now),
      this.subscriptionCounts(),
      this.analysisFigures(),
      this.fileTypes(),
      this.subscriptionChanges(),
    ]);
    const revenue = revenueFigures({
      monthly: subscriptions.monthly,
      yearly: subscriptions.yearly,
      activeSubscriptions: subscriptions.active,
      totalUsers: users.total,
    });
    return {
      users,
      uploads,
      subscriptions: {
        totalActiveSubscriptions: subscriptions.active,
        monthly: subscriptions.monthly,
        yearly: subscriptions.yearly,
        ...revenue,
      },
      analysis,
      fileTypes,
      revenue: { subscriptionChanges: changes },
    };
  }

  /** VIP: registered users whose subscription is active (spec §1). */
  private async userCounts(): Promise<AdminAnalytics['users']> {
    const [row]: { total: number; vip: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE s.status = 'active')::int AS vip
       FROM "${S}".registered_user u LEFT JOIN "${S}".subscription s ON s.user_id = u.user_id`,
    );
    return { total: row.total, vip: row.vip, free: row.total - row.vip };
  }

  private async uploadCounts(now: Date): Promise<AdminAnalytics['uploads']> {
    const [row]: AdminAnalytics['uploads'][] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = 'completed')::int AS completed,
              count(*) FILTER (WHERE status IN ('pending', 'analyzing'))::int AS pending,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE created_at >= $1)::int AS recent
       FROM "${S}".upload WHERE deleted_at IS NULL`,
      [new Date(now.getTime() - ADMIN_ANALYTICS_WINDOWS.recentUploadDays * DAY_MS)],
    );
    return row;
  }

  private async subscriptionCounts(): Promise<{ active: number; monthly: number; yearly: number }> {
    const [row]: { active: number; monthly: number; yearly: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS active,
              count(*) FILTER (WHERE tier = 'monthly')::int AS monthly,
              count(*) FILTER (WHERE tier = 'yearly')::int AS yearly
       FROM "${S}".subscription WHERE status = 'active'`,
    );
    return row;
  }

  private async analysisFigures(): Promise<AdminAnalytics['analysis']> {
    const [row]: { avg: number | null; similar: number }[] = await this.dataSource.query(
      `SELECT avg(originality_score)::float8 AS avg, coalesce(sum(similar_tracks), 0)::int AS similar
       FROM "${S}".upload WHERE deleted_at IS NULL AND status = 'completed'`,
    );
    return {
      avgOriginalityScore: row.avg === null ? 0 : Math.round(row.avg * 10) / 10,
      totalSimilarTracks: row.similar,
    };
  }

  private async fileTypes(): Promise<Record<string, number>> {
    const rows: { mime_type: string; n: number }[] = await this.dataSource.query(
      `SELECT mime_type, count(*)::int AS n FROM "${S}".upload WHERE deleted_at IS NULL GROUP BY mime_type`,
    );
    const types: Record<string, number> = {};
    for (const { mime_type, n } of rows) types[fileTypeOf(mime_type)] = (types[fileTypeOf(mime_type)] ?? 0) + n;
    return types;
  }

  private async subscriptionChanges(): Promise<SubscriptionChangeView[]> {
    const rows: { email: string | null; at: Date; action: string; tier: string | null }[] = await this.dataSource.query(
      `SELECT email, at, action, tier FROM "${S}".subscription_change ORDER BY at DESC, event_id LIMIT $1`,
      [ADMIN_ANALYTICS_WINDOWS.subscriptionChanges],
    );
    return rows.map((r) => ({ email: r.email, date: r.at.toISOString(), action: r.action, tier: r.tier }));
  }
}
