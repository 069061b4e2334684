import type { CurrentUser } from '@originality/contracts';
import { ProfileStatistics } from '../../../components/ProfileStatistics';
import type { Access } from '../../../lib/access';
import { DeveloperTestingPanel } from '../../plans';
import { ProfileCard } from './ProfileCard';

export function ProfilePage({ user, access }: { user: CurrentUser; access: Access }) {
  return (
    <div className="stack">
      <ProfileCard user={user} access={access} />
      <ProfileStatistics user={user} access={access} />
      <DeveloperTestingPanel user={user} />
    </div>
  );
}
