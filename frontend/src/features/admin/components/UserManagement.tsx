import type { AdminUserEntry } from '@originality/contracts';
import { Alert, Card, Empty, Statistic, Tag } from 'antd';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorDescription } from '../../../lib/api-client';
import { shortDate } from '../../../lib/user-display';
import { useAdminUsers } from '../api/list-users';
import { AdminPageHeader } from './AdminPageHeader';

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

function UserRow({ user }: { user: AdminUserEntry }) {
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
    </li>
  );
}

export function UserManagement() {
  const users = useAdminUsers();
  if (users.isLoading) return <PageSpinner label="Loading users" />;
  return (
    <div className="stack">
      <AdminPageHeader title="User Management" />
      {users.isError && <Alert type="error" showIcon title={errorDescription(users.error, 'Failed to load users')} />}
      {users.data && <UsageStats users={users.data} />}
      <Alert type="info" showIcon title="Refunds are coming in a later release, together with billing." />
      <Card title="Users">
        {users.data?.length ? (
          <ul className="admin-list" aria-label="Users">
            {users.data.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        ) : (
          <Empty description="No users found" />
        )}
      </Card>
    </div>
  );
}
