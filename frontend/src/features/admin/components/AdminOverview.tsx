import { Alert } from 'antd';
import { AdminPageHeader } from './AdminPageHeader';
import { MaintenanceCard } from './MaintenanceCard';
import { QuickActions } from './QuickActions';

export function AdminOverview() {
  return (
    <div className="stack">
      <AdminPageHeader title="Admin Overview" backLink={false} />
      <Alert
        type="info"
        showIcon
        title="Usage analytics are coming in a later release."
        description="User, upload, revenue and originality totals and the activity heatmap appear here once the analytics service is live."
      />
      <MaintenanceCard />
      <QuickActions />
    </div>
  );
}
