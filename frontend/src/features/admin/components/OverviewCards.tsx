import type { AdminAnalytics } from '@originality/contracts';
import { Card, Statistic } from 'antd';
import { money, percent, wholeMoney } from '../lib/display';

/** The Admin Overview's four cards (spec §2). */
export function OverviewCards({ analytics }: { analytics: AdminAnalytics }) {
  const { users, uploads, subscriptions, analysis } = analytics;
  return (
    <div className="admin-cards">
      <Card>
        <Statistic title="Total Users" value={users.total} />
        <div className="muted">
          VIP: {users.vip} · Free: {users.free}
        </div>
      </Card>
      <Card>
        <Statistic title="Total Uploads" value={uploads.total} />
        <div className="muted">
          Completed: {uploads.completed} · Pending: {uploads.pending} · Failed: {uploads.failed}
        </div>
      </Card>
      <Card>
        <Statistic title="Monthly Revenue" value={money(subscriptions.estimatedMonthlyRevenue)} />
        <div className="muted">
          ARR: {wholeMoney(subscriptions.estimatedYearlyRevenue)} · Conversion: {percent(subscriptions.conversionRate)}{' '}
          · ARPU: {money(subscriptions.avgRevenuePerUser)}
        </div>
      </Card>
      <Card>
        <Statistic title="Avg Originality" value={percent(analysis.avgOriginalityScore)} />
        <div className="muted">Similar tracks found: {analysis.totalSimilarTracks}</div>
      </Card>
    </div>
  );
}
