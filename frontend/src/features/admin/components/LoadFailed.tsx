import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { errorDescription } from '../../../lib/api-client';

/** A failed read: what failed, the server's reason, and Retry (which refetches only this call). */
export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={what}
      description={errorDescription(error, 'Please try again.')}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
