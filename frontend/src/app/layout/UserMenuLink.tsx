import { UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@originality/contracts';
import { Avatar } from 'antd';
import { Link } from 'react-router-dom';
import { displayName, planName } from '../../lib/user-display';

/** Avatar and name linking to the profile; the Pro plan's name underneath while VIP. */
export function UserMenuLink({ user, isVip }: { user: CurrentUser; isVip: boolean }) {
  return (
    <Link to="/profile" className="user-link">
      <Avatar size="small" src={user.profileImageUrl ?? undefined} icon={<UserOutlined />} alt="" aria-hidden />
      <span className="user-link__text">
        <span>{displayName(user)}</span>
        {isVip && <span className="user-link__plan">{planName(user)}</span>}
      </span>
    </Link>
  );
}
