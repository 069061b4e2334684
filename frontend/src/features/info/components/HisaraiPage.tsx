import { Alert, Card } from 'antd';
import { Navigate } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink';
import type { Access } from '../../../lib/access';

/**
 * The super administrator's way in while maintenance mode is on (the gate never blocks this
 * path). Signed out, it sends to the login page; signed in, it says the maintenance bypass applies
 * only when it really does.
 */
export function HisaraiPage({ access }: { access: Access }) {
  if (!access.isSignedIn) return <Navigate to="/login" replace />;
  return (
    <main className="centered-page">
      <Card className="hisarai-card">
        <h1>Hi! You're already logged in. Get to work!</h1>
        {access.bypassesMaintenance ? (
          <Alert type="success" showIcon title="You have super admin access and can bypass maintenance mode." />
        ) : (
          <Alert type="info" showIcon title="Only the super administrator can bypass maintenance mode." />
        )}
        <ButtonLink to="/" type="primary" className="spaced-top">
          Go to Dashboard
        </ButtonLink>
      </Card>
    </main>
  );
}
