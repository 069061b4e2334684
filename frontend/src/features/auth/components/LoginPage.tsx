import { CheckCircleFilled, LoginOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { goToSignIn } from '../../../lib/navigation';
import { TIMINGS } from '../../../lib/timings';
import { Logo } from '../../../components/Logo';
import { PlainCard } from '../../../components/PlainCard';

const BENEFITS = ['Advanced AI music analysis', 'Secure and private uploads', 'Real-time originality scoring'];

export function LoginPage() {
  const [signingIn, setSigningIn] = useState(false);
  const [params] = useSearchParams();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const continueToSignIn = () => {
    setSigningIn(true);
    timer.current = setTimeout(() => goToSignIn(), TIMINGS.loginRedirect);
  };

  return (
    <main className="centered-page">
      <PlainCard className="login-card">
        <Logo />
        <h1>Welcome Back</h1>
        <p>Sign in to check the originality of your AI-generated music.</p>
        {params.get('error') === 'sign-in-failed' && (
          <Alert type="error" showIcon title="Sign-in did not complete. Please try again." className="login-error" />
        )}
        <ul className="benefit-list">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>
              <CheckCircleFilled aria-hidden className="benefit-icon" /> {benefit}
            </li>
          ))}
        </ul>
        <Button
          type="primary"
          size="large"
          block
          icon={<LoginOutlined aria-hidden />}
          loading={signingIn}
          onClick={continueToSignIn}
        >
          {signingIn ? 'Signing In...' : 'Continue with Sign-In'}
        </Button>
      </PlainCard>
    </main>
  );
}
