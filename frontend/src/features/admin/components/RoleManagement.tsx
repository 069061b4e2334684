import { ReloadOutlined } from '@ant-design/icons';
import { type AdminUserEntry, PROMOTABLE_ROLES } from '@originality/contracts';
import { App, Button, Card, Empty } from 'antd';
import { PageSpinner } from '../../../components/PageSpinner';
import { toastFailure } from '../../../lib/global-errors';
import { toast } from '../../../lib/toast';
import { useAdminUsers } from '../api/list-users';
import { usePromoteUser } from '../api/promote-user';
import { AdminPageHeader } from './AdminPageHeader';
import { LoadFailed } from './LoadFailed';
import { RolePermissionsCard } from './RolePermissionsCard';
import { RoleRow } from './RoleRow';

const INTRO =
  'Promote users to admin status so they can help with administration tasks like processing refunds and managing users.';
const [ADMIN_ROLE] = PROMOTABLE_ROLES;

export const promoteQuestion = (email: string) =>
  `Are you sure you want to promote ${email} to admin? They will have access to all admin functions including refund processing and user management.`;

function UserList({
  users,
  promotingId,
  onPromote,
}: {
  users: AdminUserEntry[];
  promotingId?: string;
  onPromote(user: AdminUserEntry): void;
}) {
  if (!users.length) return <Empty description="No users found" />;
  return (
    <ul className="admin-list" aria-label="Users">
      {users.map((user) => (
        <RoleRow key={user.id} user={user} promoting={promotingId === user.id} onPromote={onPromote} />
      ))}
    </ul>
  );
}

export function RoleManagement() {
  const users = useAdminUsers();
  const promote = usePromoteUser();
  const { modal } = App.useApp();

  const confirmPromote = (user: AdminUserEntry) =>
    modal.confirm({
      title: 'Promote to Admin',
      content: promoteQuestion(user.email ?? user.id),
      okText: 'Promote',
      onOk: () =>
        promote.mutate(
          { userId: user.id, role: ADMIN_ROLE },
          {
            onSuccess: (reply) => toast({ title: 'Role Updated', description: reply.message, variant: 'success' }),
            onError: (error) => toastFailure('Role Update Failed', error, 'Role update failed'),
          },
        ),
    });

  const refresh = (
    <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void users.refetch()} loading={users.isFetching}>
      Refresh
    </Button>
  );
  return (
    <div className="stack">
      <AdminPageHeader title="Role Management" intro={INTRO} actions={refresh} />
      <Card title="Users">
        {users.isLoading && <PageSpinner label="Loading users" />}
        {users.isError && (
          <LoadFailed what="Failed to load users" error={users.error} onRetry={() => void users.refetch()} />
        )}
        {users.data && (
          <UserList
            users={users.data}
            promotingId={promote.isPending ? promote.variables?.userId : undefined}
            onPromote={confirmPromote}
          />
        )}
      </Card>
      <RolePermissionsCard />
    </div>
  );
}
