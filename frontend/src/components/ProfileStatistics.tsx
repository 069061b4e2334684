import type { CurrentUser } from '@originality/contracts';
import { Card, Statistic, Tag } from 'antd';
import type { Access } from '../lib/access';
import { memberSinceMonth, planName } from '../lib/user-display';

/** Spec §2 Profile Statistics: uploads, member since, account status, plus an admin block. */
export function ProfileStatistics({ user, access }: { user: CurrentUser; access: Access }) {
  return (
    <Card title={<h2 className="card-title">Profile Statistics</h2>} className="profile-statistics">
      <div className="stat-grid">
        <Statistic title="Total Uploads" value={user.totalUploadsCount} suffix="songs analysed" />
        <Statistic title="Member Since" value={memberSinceMonth(user.createdAt)} />
        <div>
          <div className="stat-label">Account Status</div>
          <div className="stat-value">{planName(user)}</div>
          <Tag color={access.isVip ? 'green' : 'default'}>{access.isVip ? 'Active' : 'Standard'}</Tag>
        </div>
      </div>
      {access.canSeeAdminStatistics && (
        <div className="admin-block" aria-label="Administrator">
          <Tag color="gold">Super Admin</Tag>
          <span>You can manage the site from the admin area: maintenance mode, users and roles.</span>
        </div>
      )}
    </Card>
  );
}
