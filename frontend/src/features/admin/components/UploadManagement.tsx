import { DeleteOutlined } from '@ant-design/icons';
import { type AdminAnalytics, Permission, type UploadView } from '@originality/contracts';
import { App, Button, Card, Empty, Progress, Tag } from 'antd';
import { toastFailure } from '../../../lib/global-errors';
import { toast } from '../../../lib/toast';
import { useDeleteUpload } from '../api/delete-upload';
import { useAdminAnalytics } from '../api/get-admin-analytics';
import { useRecentUploads } from '../api/list-recent-uploads';
import { dateTime, megabytes } from '../lib/display';
import { AdminPageHeader } from './AdminPageHeader';
import { LoadFailed } from './LoadFailed';
import { useCan } from './RequirePermission';
import { SkeletonRows } from './SkeletonRows';
import { StatCard } from './StatCard';

export const DELETE_QUESTION = 'Are you sure you want to delete this upload? This action cannot be undone.';

const STATUS_COLOURS: Record<UploadView['analysisStatus'], string> = {
  completed: 'green',
  analyzing: 'blue',
  pending: 'gold',
  failed: 'red',
};

/** Spec §2: the originality, 'Error' when the analysis failed, else 'Processing...'. */
function outcomeOf(upload: UploadView): string {
  if (upload.analysisStatus === 'failed') return 'Error';
  if (upload.analysisStatus === 'completed' && upload.originalityScore !== null) return `${upload.originalityScore}%`;
  return 'Processing...';
}

function Totals({ uploads }: { uploads: AdminAnalytics['uploads'] }) {
  return (
    <div className="admin-cards">
      <StatCard title="Total Uploads" value={uploads.total}>
        Last 7 days: {uploads.recent}
      </StatCard>
      <StatCard title="Completed" value={uploads.completed} />
      <StatCard title="Pending" value={uploads.pending} />
      <StatCard title="Failed" value={uploads.failed} />
    </div>
  );
}

function FileTypes({ fileTypes }: { fileTypes: Record<string, number> }) {
  const entries = Object.entries(fileTypes).sort(([, a], [, b]) => b - a);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return <Empty description="No uploads yet" />;
  return (
    <ul className="admin-list" aria-label="File types">
      {entries.map(([type, count]) => (
        <li key={type} className="file-type">
          <span className="file-type__label">{type}</span>
          <Progress percent={Math.round((count / total) * 100)} showInfo={false} aria-hidden />
          <span>{count}</span>
        </li>
      ))}
    </ul>
  );
}

function RecentUploads() {
  const uploads = useRecentUploads();
  const remove = useDeleteUpload();
  const canDelete = useCan(Permission.DELETE_UPLOADS);
  const { modal } = App.useApp();
  const confirmDelete = (upload: UploadView) =>
    modal.confirm({
      title: 'Delete upload',
      content: DELETE_QUESTION,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutate(upload.id, {
          onSuccess: () =>
            toast({
              title: 'Upload Deleted',
              description: 'The upload has been successfully deleted.',
              variant: 'success',
            }),
          onError: (error) => toastFailure('Delete Failed', error, 'Delete failed'),
        }),
    });

  if (uploads.isError)
    return (
      <LoadFailed what="Could not load recent uploads." error={uploads.error} onRetry={() => void uploads.refetch()} />
    );
  if (!uploads.data) return <SkeletonRows rows={5} label="Loading recent uploads" />;
  if (uploads.data.length === 0) return <Empty description="No uploads yet" />;
  return (
    <ul className="admin-list scroll-list" aria-label="Recent uploads">
      {uploads.data.map((upload) => (
        <li key={upload.id} className="admin-row">
          <div className="admin-row__main">
            <div className="admin-row__title">
              {upload.originalFilename} <Tag color={STATUS_COLOURS[upload.analysisStatus]}>{upload.analysisStatus}</Tag>
            </div>
            <div className="muted">
              {upload.userEmail ?? 'unknown'} · {megabytes(upload.fileSize)} · {dateTime(upload.createdAt)}
            </div>
          </div>
          <span className="admin-row__outcome">{outcomeOf(upload)}</span>
          {canDelete && (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`Delete ${upload.originalFilename}`}
              loading={remove.isPending && remove.variables === upload.id}
              onClick={() => confirmDelete(upload)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

export function UploadManagement() {
  const analytics = useAdminAnalytics();
  const retry = () => void analytics.refetch();
  return (
    <div className="stack">
      <AdminPageHeader title="Upload Management" />
      {analytics.isError ? (
        <LoadFailed what="Could not load the upload totals." error={analytics.error} onRetry={retry} />
      ) : analytics.data ? (
        <Totals uploads={analytics.data.uploads} />
      ) : (
        <SkeletonRows rows={4} label="Loading the upload totals" />
      )}
      <Card title="Recent Uploads">
        <RecentUploads />
      </Card>
      <Card title="File Types">
        {analytics.data ? (
          <FileTypes fileTypes={analytics.data.fileTypes} />
        ) : (
          !analytics.isError && <SkeletonRows rows={5} label="Loading the file types" />
        )}
      </Card>
    </div>
  );
}
