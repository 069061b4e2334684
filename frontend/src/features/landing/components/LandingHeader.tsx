import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink';
import { ResponsiveHeader } from '../../../components/ResponsiveHeader';
import type { Access } from '../../../lib/access';
import { goToSignOut } from '../../../lib/navigation';

export function LandingHeader({ access }: { access: Access }) {
  const nav = access.isSignedIn ? (
    <>
      <Link to="/">Dashboard</Link>
      <Link to="/profile">Profile</Link>
      <Button onClick={goToSignOut}>Sign Out</Button>
    </>
  ) : (
    <ButtonLink to="/login" type="primary">
      Sign In
    </ButtonLink>
  );
  return <ResponsiveHeader nav={nav} />;
}
