import { ReloadOutlined } from '@ant-design/icons';
import type { AdminAnalytics, SubscriptionChangeView } from '@originality/contracts';
import { Button, Card, Empty, Tag } from 'antd';
import { useAdminAnalytics } from '../api/get-admin-analytics';
import { dateTime, money, percent, wholeMoney } from '../lib/display';
import { AdminPageHeader } from './AdminPageHeader';
import { LoadFailed } from './LoadFailed';
import { RevenueBreakdown } from './RevenueBreakdown';
import { SkeletonRows } from './SkeletonRows';
import { StatCard } from './StatCard';

type Subscriptions = AdminAnalytics['subscriptions'];

function StatCards({ s }: { s: Subscriptions }) {
  return (
    <div className="admin-cards">
      <StatCard title="Active Subscriptions" value={s.totalActiveSubscriptions}>
        Monthly: {s.monthly} · Yearly: {s.yearly}
      </StatCard>
      <StatCard title="Monthly Revenue" value={money(s.estimatedMonthlyRevenue)}>
        MRR
      </StatCard>
      <StatCard title="Annual Revenue" value={wholeMoney(s.estimatedYearlyRevenue)}>
        ARR
      </StatCard>
      <StatCard title="Conversion Rate" value={percent(s.conversionRate)}>
        ARPU: {money(s.avgRevenuePerUser)}
      </StatCard>
    </div>
  );
}

function RevenueMetrics({ s }: { s: Subscriptions }) {
  return (
    <dl className="figure-list" aria-label="Revenue Metrics">
      <dt>Average revenue per user</dt>
      <dd>{money(s.avgRevenuePerUser)}</dd>
      <dt>Conversion rate</dt>
      <dd>{percent(s.conversionRate)}</dd>
      <dt>Total active subscriptions</dt>
      <dd>{s.totalActiveSubscriptions}</dd>
      <dt>Plan distribution</dt>
      <dd>
        Monthly: {s.monthly} · Annual: {s.yearly}
      </dd>
    </dl>
  );
}

/** Spec §2: green for subscribed, red for cancelled, yellow for any other action. */
const dotOf = (action: string) => (action === 'subscribed' ? 'green' : action === 'cancelled' ? 'red' : 'yellow');

function ChangeList({ changes }: { changes: SubscriptionChangeView[] }) {
  if (changes.length === 0) return <Empty description="No recent subscription changes" />;
  return (
    <ul className="admin-list scroll-list" aria-label="Recent subscription changes">
      {changes.map((change, i) => (
        <li key={`${change.date}-${i}`} className="admin-row">
          <span className={`dot dot--${dotOf(change.action)}`} data-testid={`dot-${dotOf(change.action)}`} />
          <div className="admin-row__main">
            <div className="admin-row__title">{change.email ?? 'unknown'}</div>
            <div className="muted">{dateTime(change.date)}</div>
          </div>
          <Tag>{change.action}</Tag>
          {change.tier && <Tag color="blue">{change.tier}</Tag>}
        </li>
      ))}
    </ul>
  );
}

export function SubscriptionManagement() {
  const analytics = useAdminAnalytics();
  const retry = () => void analytics.refetch();
  const s = analytics.data?.subscriptions;
  const failed = analytics.isError;
  return (
    <div className="stack">
      <AdminPageHeader title="Subscription Management" actions={<Tag color="purple">Administrator</Tag>} />
      {failed ? (
        <LoadFailed what="Could not load the subscriptions." error={analytics.error} onRetry={retry} />
      ) : s ? (
        <StatCards s={s} />
      ) : (
        <SkeletonRows rows={4} label="Loading the subscription figures" />
      )}
      <RevenueBreakdown subscriptions={s} error={analytics.error} onRetry={retry} />
      <Card title="Revenue Metrics">
        {s ? <RevenueMetrics s={s} /> : !failed && <SkeletonRows rows={5} label="Loading the revenue metrics" />}
      </Card>
      <Card
        title="Recent Subscription Changes"
        extra={
          <Button icon={<ReloadOutlined aria-hidden />} onClick={retry} loading={analytics.isFetching}>
            Refresh
          </Button>
        }
      >
        {analytics.data ? (
          <ChangeList changes={analytics.data.revenue.subscriptionChanges} />
        ) : (
          !failed && <SkeletonRows rows={8} label="Loading the subscription changes" />
        )}
      </Card>
    </div>
  );
}
