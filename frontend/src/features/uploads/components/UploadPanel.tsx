import type { UploadView } from '@originality/contracts';
import { Alert, Card, Skeleton } from 'antd';
import { useUsage } from '../api/get-usage';
import { useUploadFile } from '../hooks/use-upload-file';
import { usageCounter } from '../lib/usage';
import { DropZone } from './DropZone';
import { UsageBanner } from './UsageBanner';

/** The upload area of the home screen: usage banner, monthly counter, drop zone and picker. */
export function UploadPanel({ onStarted }: { onStarted(upload: UploadView): void }) {
  const usage = useUsage();
  const { uploadFiles, isUploading } = useUploadFile({ usage: usage.data, onStarted });
  return (
    <div className="stack">
      {usage.data && <UsageBanner usage={usage.data} />}
      <Card
        title={<h2 className="card-title">Upload Your Music</h2>}
        extra={
          usage.isLoading ? (
            <Skeleton.Button active size="small" />
          ) : usage.data ? (
            <span className="usage-counter">
              Monthly uploads: <strong aria-label="Monthly uploads used">{usageCounter(usage.data)}</strong>
            </span>
          ) : null
        }
      >
        {usage.isError && (
          <Alert type="warning" showIcon className="spaced-bottom" title="Your monthly usage could not be loaded." />
        )}
        <DropZone busy={isUploading} onFiles={uploadFiles} />
      </Card>
    </div>
  );
}
