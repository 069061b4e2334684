import { DiffOutlined, DownloadOutlined, LockOutlined } from '@ant-design/icons';
import { canDownloadReports } from '@originality/contracts';
import { Button, Card, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../auth';
import { useUpgradeDialog } from '../../plans';

/** The address of a report download (same origin: the session cookie goes along). */
export const reportUrl = (uploadId: string, format: 'json' | 'pdf') =>
  `/api/audio/uploads/${uploadId}/report.${format}`;
export const comparePath = (uploadId: string) => `/compare/${uploadId}`;

/**
 * Under a result: the report downloads (Pro; Free users get the upgrade prompt, and the server refuses them
 * too) and the way to compare this upload with an earlier version.
 */
export function ReportActions({ uploadId }: { uploadId: string }) {
  const { data: user } = useCurrentUser();
  const openUpgrade = useUpgradeDialog();
  const pro = user ? canDownloadReports(user) : false;
  return (
    <>
      <Card title="Download report" className="report-actions">
        {pro ? (
          <>
            <p className="muted">
              A report with the song&apos;s SHA-256, every score and match, and a verification id anyone can check.
            </p>
            <Space wrap>
              <Button icon={<DownloadOutlined />} href={reportUrl(uploadId, 'pdf')} download>
                PDF report
              </Button>
              <Button icon={<DownloadOutlined />} href={reportUrl(uploadId, 'json')} download>
                JSON report
              </Button>
            </Space>
          </>
        ) : (
          <div className="report-actions__upgrade">
            <p>
              <LockOutlined /> Reports are a Pro feature: a PDF and JSON with the song&apos;s SHA-256, every score and
              match, and a verification id a distributor can check.
            </p>
            <Button type="primary" onClick={() => openUpgrade()}>
              Upgrade to Pro
            </Button>
          </div>
        )}
      </Card>
      <p className="report-actions__compare">
        <Link to={comparePath(uploadId)}>
          <DiffOutlined /> Compare with an earlier version
        </Link>
      </p>
    </>
  );
}
