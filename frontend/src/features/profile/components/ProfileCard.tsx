import { EditOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@originality/contracts';
import { Alert, Avatar, Button, Card } from 'antd';
import { useState } from 'react';
import type { Access } from '../../../lib/access';
import { fullDate, fullName } from '../../../lib/user-display';
import { ProfileEditForm } from './ProfileEditForm';
import { SubscriptionControls } from './SubscriptionControls';

export function ProfileCard({ user, access }: { user: CurrentUser; access: Access }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card className="profile-card">
      <div className="profile-card__top">
        <Avatar size={88} src={user.profileImageUrl ?? undefined} icon={<UserOutlined />} alt="Profile picture" />
        <div className="profile-card__details">
          {editing ? (
            <ProfileEditForm user={user} onDone={() => setEditing(false)} />
          ) : (
            <div className="profile-card__name">
              <h1>{fullName(user) ?? 'Music Creator'}</h1>
              <Button type="text" icon={<EditOutlined />} aria-label="Edit profile" onClick={() => setEditing(true)} />
            </div>
          )}
          {user.username && <div className="muted">@{user.username}</div>}
          {user.email && (
            <div>
              <MailOutlined aria-hidden /> {user.email}
            </div>
          )}
          <div className="muted">Member since {fullDate(user.createdAt)}</div>
          <SubscriptionControls user={user} access={access} />
        </div>
      </div>
      {user.subscriptionStatus === 'cancelled' && (
        <Alert
          type="warning"
          showIcon
          className="spaced-top"
          title="Your subscription is cancelled."
          description={`You keep Pro access until ${fullDate(user.subscriptionEndsAt)}.`}
        />
      )}
    </Card>
  );
}
