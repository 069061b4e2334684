import { Result } from 'antd';
import { ButtonLink } from '../../../components/ButtonLink';

export function NotFoundPage() {
  return (
    <main className="centered-page">
      <Result
        status="404"
        title={<h1 className="result-title">404 - Page Not Found</h1>}
        subTitle="The page you're looking for doesn't exist or has been moved."
        extra={
          <ButtonLink to="/" type="primary">
            Back to Home
          </ButtonLink>
        }
      />
    </main>
  );
}
