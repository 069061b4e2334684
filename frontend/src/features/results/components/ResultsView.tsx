import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton } from 'antd';
import { ApiError } from '../../../lib/api-client';
import { useAnalysisResult } from '../api/get-result';
import { CataloguePanel } from './CataloguePanel';
import { ListeningPanel } from './ListeningPanel';
import { OriginalityRing } from './OriginalityRing';
import { ReportActions } from './ReportActions';
import { ShortClipNotice } from './ShortClipNotice';
import { SilentNotice } from './SilentNotice';
import { SimilarTracks } from './SimilarTracks';
import { SubScores } from './SubScores';

/** Spec §2 results view of one upload's latest analysis. */
export function ResultsView({ uploadId, onBack }: { uploadId: string; onBack(): void }) {
  const result = useAnalysisResult(uploadId);
  return (
    <div className="stack">
      <div>
        <Button type="link" className="back-link" icon={<ArrowLeftOutlined />} onClick={onBack}>
          Back to History
        </Button>
      </div>
      {result.isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : result.isError || !result.data ? (
        <Alert
          type="error"
          showIcon
          title="The results could not be loaded"
          description={
            result.error instanceof ApiError && result.error.status === 404
              ? 'This upload has no completed analysis yet.'
              : 'Please try again.'
          }
        />
      ) : (
        <>
          <Card>
            <h1 className="result-title">Analysis Results</h1>
            <p className="muted">{result.data.title}</p>
            <SilentNotice result={result.data} />
            <ShortClipNotice result={result.data} />
            <div className="result-summary">
              <OriginalityRing score={result.data.originalityScore} silent={result.data.silent} />
              <SubScores result={result.data} />
            </div>
          </Card>
          <ListeningPanel result={result.data} />
          <SimilarTracks result={result.data} />
          <CataloguePanel result={result.data} />
          <ReportActions uploadId={uploadId} />
        </>
      )}
    </div>
  );
}
