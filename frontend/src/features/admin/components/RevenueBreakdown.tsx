import { ADMIN_REVENUE_PRICES_CENTS, type AdminAnalytics } from '@originality/contracts';
import { Card } from 'antd';
import { money, wholeMoney } from '../lib/display';
import { LoadFailed } from './LoadFailed';
import { SkeletonRows } from './SkeletonRows';

type Subscriptions = AdminAnalytics['subscriptions'];

const plural = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;

/** Spec §2: monthly plans at $19.99, yearly at $199 (per-month equivalent), total MRR and ARR. */
export function RevenueBreakdown({
  subscriptions,
  error,
  onRetry,
}: {
  subscriptions?: Subscriptions;
  error?: unknown;
  onRetry(): void;
}) {
  return (
    <Card title="Revenue Breakdown">
      {error ? (
        <LoadFailed what="Could not load the revenue." error={error} onRetry={onRetry} />
      ) : !subscriptions ? (
        <SkeletonRows rows={5} label="Loading the revenue breakdown" />
      ) : (
        <dl className="figure-list" aria-label="Revenue Breakdown">
          <dt>Monthly plans ({money(ADMIN_REVENUE_PRICES_CENTS.monthly / 100)})</dt>
          <dd>
            {plural(subscriptions.monthly)} · {money(subscriptions.monthlyPlansRevenue)}/month
          </dd>
          <dt>Yearly plans ({wholeMoney(ADMIN_REVENUE_PRICES_CENTS.yearly / 100)})</dt>
          <dd>
            {plural(subscriptions.yearly)} · {money(subscriptions.yearlyPlansMonthlyRevenue)}/month
          </dd>
          <dt>Total MRR</dt>
          <dd>{money(subscriptions.estimatedMonthlyRevenue)}</dd>
          <dt>Total ARR</dt>
          <dd>{wholeMoney(subscriptions.estimatedYearlyRevenue)}</dd>
        </dl>
      )}
    </Card>
  );
}
