import { Permission } from '@originality/contracts';
import { useAdminAnalytics } from '../api/get-admin-analytics';
import { ActivityHeatmap } from './ActivityHeatmap';
import { AdminPageHeader } from './AdminPageHeader';
import { LoadFailed } from './LoadFailed';
import { MaintenanceCard } from './MaintenanceCard';
import { OverviewCards } from './OverviewCards';
import { QuickActions } from './QuickActions';
import { useCan } from './RequirePermission';
import { RevenueBreakdown } from './RevenueBreakdown';
import { SkeletonRows } from './SkeletonRows';

export function AdminOverview() {
  const analytics = useAdminAnalytics();
  const canManageMaintenance = useCan(Permission.MANAGE_MAINTENANCE);
  const retry = () => void analytics.refetch();
  return (
    <div className="stack">
      <AdminPageHeader title="Admin Overview" backLink={false} />
      {analytics.isError ? (
        <LoadFailed what="Could not load the analytics." error={analytics.error} onRetry={retry} />
      ) : analytics.data ? (
        <OverviewCards analytics={analytics.data} />
      ) : (
        <SkeletonRows rows={4} label="Loading the analytics" />
      )}
      {canManageMaintenance && <MaintenanceCard />}
      <ActivityHeatmap />
      <RevenueBreakdown subscriptions={analytics.data?.subscriptions} error={analytics.error} onRetry={retry} />
      <QuickActions />
    </div>
  );
}
