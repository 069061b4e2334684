import { CrownFilled } from '@ant-design/icons';
import { type AdminUserEntry, Role } from '@originality/contracts';
import { Button, Tag } from 'antd';
import { shortDate } from '../../../lib/user-display';

interface RoleRowProps {
  user: AdminUserEntry;
  promoting: boolean;
  onPromote(user: AdminUserEntry): void;
}

function RoleControl({ user, promoting, onPromote }: RoleRowProps) {
  if (user.role === Role.SUPER_ADMIN) {
    return (
      <Tag color="gold" icon={<CrownFilled aria-label="Crown" />}>
        Super Admin
      </Tag>
    );
  }
  if (user.role === Role.ADMIN) return <Tag color="blue">Admin</Tag>;
  return (
    <>
      <Tag>User</Tag>
      <Button size="small" loading={promoting} onClick={() => onPromote(user)}>
        {promoting ? 'Promoting...' : 'Promote to Admin'}
      </Button>
    </>
  );
}

export function RoleRow(props: RoleRowProps) {
  const { user } = props;
  const active = user.subscriptionStatus === 'active';
  return (
    <li className="admin-row">
      <span className={active ? 'status-dot status-dot--green' : 'status-dot status-dot--grey'} aria-hidden />
      <div className="admin-row__main">
        <div className="admin-row__title">
          {user.email ?? user.id} <Tag color={active ? 'gold' : 'default'}>{active ? 'VIP' : 'Free'}</Tag>
        </div>
        <div className="muted">
          Joined {shortDate(user.createdAt)} · Status: {user.subscriptionStatus ?? 'inactive'}
        </div>
      </div>
      <div className="admin-row__actions">
        <RoleControl {...props} />
      </div>
    </li>
  );
}
