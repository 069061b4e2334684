import { BellOutlined, CrownFilled, LogoutOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@originality/contracts';
import { Button, Popover, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { ResponsiveHeader } from '../../components/ResponsiveHeader';
import { useUpgradeDialog } from '../../features/plans';
import type { Access } from '../../lib/access';
import { goToSignOut } from '../../lib/navigation';
import { UserMenuLink } from './UserMenuLink';

function NotificationsBell() {
  return (
    <Popover content="Notifications are coming soon" trigger="click">
      <Button type="text" icon={<BellOutlined />} aria-label="Notifications" />
    </Popover>
  );
}

/** Spec §2 App header for signed-in users; what shows depends on access flags only. */
export function AppHeader({ user, access }: { user: CurrentUser; access: Access }) {
  const openUpgrade = useUpgradeDialog();
  const nav = (
    <>
      {access.isVip && (
        <Tag color="gold" icon={<CrownFilled aria-hidden />}>
          VIP
        </Tag>
      )}
      <Link to="/">Dashboard</Link>
      {access.canAccessAdmin && <Link to="/admin">Admin</Link>}
      {!access.isVip && (
        <Button type="primary" onClick={() => openUpgrade()}>
          Upgrade Now
        </Button>
      )}
      <UserMenuLink user={user} isVip={access.isVip} />
      <Button icon={<LogoutOutlined aria-hidden />} onClick={goToSignOut}>
        Logout
      </Button>
    </>
  );
  return <ResponsiveHeader nav={nav} always={<NotificationsBell />} />;
}
