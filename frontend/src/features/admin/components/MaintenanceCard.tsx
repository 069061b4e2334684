import { ToolOutlined } from '@ant-design/icons';
import { Alert, Card, Switch, Tag } from 'antd';
import { isUnauthorizedError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAdminMaintenanceStatus } from '../api/get-admin-maintenance-status';
import { useToggleMaintenance } from '../api/toggle-maintenance';

function announce(enabled: boolean) {
  toast({
    title: 'Maintenance Mode Updated',
    description: enabled
      ? 'Maintenance mode is active. Users will see the maintenance page.'
      : 'Maintenance mode is disabled. The site is fully operational.',
    variant: 'success',
  });
}

export function MaintenanceCard() {
  const status = useAdminMaintenanceStatus();
  const toggle = useToggleMaintenance();
  const enabled = status.data?.enabled ?? false;

  const change = (next: boolean) =>
    toggle.mutate(next, {
      onSuccess: (result) => announce(result.enabled),
      onError: (error) => {
        if (!isUnauthorizedError(error)) {
          toast({
            title: 'Error',
            description: 'Failed to update maintenance mode. Please try again.',
            variant: 'destructive',
          });
        }
      },
    });

  return (
    <Card
      title={
        <span>
          <ToolOutlined aria-hidden /> System Maintenance
        </span>
      }
      extra={<Tag color="red">Super Admin Only</Tag>}
    >
      <div className="setting-row">
        <div>
          <div className="setting-row__label">Maintenance mode</div>
          <div className="muted">
            {enabled ? 'On: users see the maintenance page.' : 'Off: the site is fully operational.'}
          </div>
        </div>
        <Switch
          aria-label="Maintenance mode"
          checked={enabled}
          loading={status.isLoading || toggle.isPending}
          disabled={status.isError}
          onChange={change}
        />
      </div>
      {status.isError && (
        <Alert type="error" showIcon className="spaced-top" title="Could not read the maintenance state." />
      )}
    </Card>
  );
}
