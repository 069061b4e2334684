import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UploadView } from '@originality/contracts';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorDescription } from '../../../lib/api-client';
import { useComparableUploads, useVersionDiff } from '../api/get-version-diff';
import { VersionDiffView } from './VersionDiffView';

/** The earlier version lives in the address (`?with=<uploadId>`), so Back and reload keep the comparison. */
const WITH_PARAM = 'with';

/** 'Take 1.mp3 — 11/23/2026, 10:00 — 40%'. */
const versionLabel = (upload: UploadView) =>
  `${upload.originalFilename} — ${new Date(upload.createdAt).toLocaleString()} — ${Math.round(upload.originalityScore ?? 0)}%`;

/** 'Compare with an earlier version': pick one of the creator's analysed uploads, read how everything moved. */
export function VersionDiffPage() {
  const { uploadId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const otherId = params.get(WITH_PARAM);
  const candidates = useComparableUploads(uploadId);
  const diff = useVersionDiff(uploadId, otherId);
  return (
    <div className="stack">
      <div>
        <Button
          type="link"
          className="back-link"
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(`/?result=${uploadId}`)}
        >
          Back to the results
        </Button>
      </div>
      <Card>
        <h1 className="result-title">Compare with an earlier version</h1>
        <label className="stack">
          <span>Earlier version</span>
          <select
            className="version-picker"
            value={otherId ?? ''}
            disabled={candidates.isLoading}
            onChange={(event) => setParams({ [WITH_PARAM]: event.target.value })}
          >
            <option value="" disabled>
              {candidates.data?.length === 0 ? 'No other analysed upload yet' : 'Pick an earlier upload'}
            </option>
            {(candidates.data ?? []).map((upload) => (
              <option key={upload.id} value={upload.id}>
                {versionLabel(upload)}
              </option>
            ))}
          </select>
        </label>
      </Card>
      {otherId === null ? null : diff.isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : diff.isError || !diff.data ? (
        <Alert
          type="error"
          showIcon
          title="The comparison could not be loaded"
          description={errorDescription(diff.error, 'Please try again.')}
        />
      ) : (
        <VersionDiffView diff={diff.data} />
      )}
    </div>
  );
}
