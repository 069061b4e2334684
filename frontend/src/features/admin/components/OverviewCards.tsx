import type { AdminAnalytics } from '@originality/contracts';
import { money, percent, wholeMoney } from '../lib/display';
import { StatCard } from './StatCard';

/** The Admin Overview's four cards (spec §2). */
export function OverviewCards({ analytics }: { analytics: AdminAnalytics }) {
  const { users, uploads, subscriptions, analysis } = analytics;
  return (
    <div className="admin-cards">
      <StatCard title="Total Users" value={users.total}>
        VIP: {users.vip} · Free: {users.free}
      </StatCard>
      <StatCard title="Total Uploads" value={uploads.total}>
        Completed: {uploads.completed} · Pending: {uploads.pending} · Failed: {uploads.failed}
      </StatCard>
      <StatCard title="Monthly Revenue" value={money(subscriptions.estimatedMonthlyRevenue)}>
        ARR: {wholeMoney(subscriptions.estimatedYearlyRevenue)} · Conversion: {percent(subscriptions.conversionRate)} ·
        ARPU: {money(subscriptions.avgRevenuePerUser)}
      </StatCard>
      <StatCard title="Avg Originality" value={percent(analysis.avgOriginalityScore)}>
        Similar tracks found: {analysis.totalSimilarTracks}
      </StatCard>
    </div>
  );
}
