import { type AdminUserEntry, Permission } from '@originality/contracts';
import { App, Button, Card, Empty, Statistic, Tag } from 'antd';
import { PageSpinner } from '../../../components/PageSpinner';
import { toastFailure } from '../../../lib/global-errors';
import { toast } from '../../../lib/toast';
import { shortDate } from '../../../lib/user-display';
import { useAdminUsers } from '../api/list-users';
import { useProcessRefund } from '../api/process-refund';
import { AdminPageHeader } from './AdminPageHeader';
import { LoadFailed } from './LoadFailed';
import { useCan } from './RequirePermission';

export const REFUND_QUESTION =
  "Are you sure you want to process a refund for this user? This will cancel their subscription and can't be undone.";

const isActive = (user: AdminUserEntry) => user.subscriptionStatus === 'active';

function UsageStats({ users }: { users: AdminUserEntry[] }) {
  const active = users.filter(isActive).length;
  return (
    <Card>
      <div className="stat-grid">
        <Statistic title="Total Users" value={users.length} />
        <Statistic title="VIP Users" value={active} />
        <Statistic title="Active Subscriptions" value={active} />
      </div>
    </Card>
  );
}

interface UserRowProps {
  user: AdminUserEntry;
  /** Set when the caller may refund; the button shows for active subscriptions only. */
  onRefund?: (user: AdminUserEntry) => void;
  refunding: boolean;
}

function UserRow({ user, onRefund, refunding }: UserRowProps) {
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <div className="admin-row__title">
          {user.email ?? user.id}{' '}
          <Tag color={isActive(user) ? 'gold' : 'default'}>{isActive(user) ? 'VIP' : 'FREE'}</Tag>
        </div>
        <div className="muted">
          Joined {shortDate(user.createdAt)} · Expires {shortDate(user.subscriptionEndsAt)} · Status:{' '}
          {user.subscriptionStatus ?? 'inactive'}
        </div>
      </div>
      {onRefund && isActive(user) && (
        <Button danger size="small" loading={refunding} onClick={() => onRefund(user)}>
          Process Refund
        </Button>
      )}
    </li>
  );
}

export function UserManagement() {
  const users = useAdminUsers();
  const refund = useProcessRefund();
  const canRefund = useCan(Permission.PROCESS_REFUNDS);
  const { modal } = App.useApp();

  const confirmRefund = (user: AdminUserEntry) =>
    modal.confirm({
      title: 'Process Refund',
      content: REFUND_QUESTION,
      okText: 'Refund',
      okButtonProps: { danger: true },
      onOk: () =>
        refund.mutate(user.id, {
          onSuccess: (reply) => toast({ title: 'Refund Processed', description: reply.message, variant: 'success' }),
          onError: (error) => toastFailure('Refund Failed', error, 'Refund failed'),
        }),
    });

  if (users.isLoading) return <PageSpinner label="Loading users" />;
  return (
    <div className="stack">
      <AdminPageHeader title="User Management" />
      {users.isError && (
        <LoadFailed what="Failed to load users" error={users.error} onRetry={() => void users.refetch()} />
      )}
      {users.data && <UsageStats users={users.data} />}
      <Card title="Users">
        {users.data?.length ? (
          <ul className="admin-list" aria-label="Users">
            {users.data.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                onRefund={canRefund ? confirmRefund : undefined}
                refunding={refund.isPending && refund.variables === user.id}
              />
            ))}
          </ul>
        ) : (
          !users.isError && <Empty description="No users found" />
        )}
      </Card>
    </div>
  );
}
