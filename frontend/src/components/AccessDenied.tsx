import { Result } from 'antd';
import { ButtonLink } from './ButtonLink';

export function AccessDenied() {
  return (
    <Result
      status="403"
      title={<h1 className="result-title">Access Denied</h1>}
      subTitle="This area requires administrator privileges."
      extra={
        <ButtonLink to="/" type="primary">
          Back to Home
        </ButtonLink>
      }
    />
  );
}
