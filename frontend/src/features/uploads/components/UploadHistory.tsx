import { FilterOutlined } from '@ant-design/icons';
import type { UploadView } from '@originality/contracts';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { toastFailure } from '../../../lib/global-errors';
import { toast } from '../../../lib/toast';
import { useUploadHistory } from '../api/list-uploads';
import { useReanalyzeUpload } from '../api/reanalyze-upload';
import { filterUploads, isFiltering, NO_FILTER } from '../lib/history-filter';
import { ClearFiltersButton, HistoryFilters } from './HistoryFilters';
import { HistoryRow } from './HistoryRow';

export interface UploadHistoryProps {
  onOpenResult(uploadId: string): void;
  /** A reanalysis started: the progress card follows it. */
  onReanalysisStarted(upload: UploadView): void;
}

/** Spec §2 Upload History: filters over the loaded pages, Load More for the next page. */
export function UploadHistory({ onOpenResult, onReanalysisStarted }: UploadHistoryProps) {
  const history = useUploadHistory();
  const reanalyze = useReanalyzeUpload();
  const [showFilters, setShowFilters] = useState(false);
  const [filter, setFilter] = useState(NO_FILTER);

  const loaded = useMemo(() => history.data?.pages.flatMap((page) => page.uploads) ?? [], [history.data]);
  const total = history.data?.pages[0]?.total ?? 0;
  const shown = filterUploads(loaded, filter);

  const startReanalysis = (upload: UploadView) =>
    reanalyze.mutate(upload.id, {
      onSuccess: (next) => {
        toast({
          title: 'Reanalysis Started',
          description: 'Your song is being reanalyzed. Results will be updated shortly.',
          variant: 'success',
        });
        onReanalysisStarted(next);
      },
      onError: (error) => toastFailure('Reanalysis Failed', error, 'Failed to start reanalysis. Please try again.'),
    });

  return (
    <Card
      title={<h2 className="card-title">Upload History</h2>}
      extra={
        <Button
          icon={<FilterOutlined />}
          aria-pressed={showFilters}
          type={showFilters ? 'primary' : 'default'}
          onClick={() => setShowFilters((open) => !open)}
        >
          Filter
        </Button>
      }
    >
      {showFilters && <HistoryFilters filter={filter} onChange={setFilter} />}
      {history.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : history.isError ? (
        <Alert type="error" showIcon title="Failed to load upload history" />
      ) : (
        <>
          <div className="history-count">
            <span>
              Showing {shown.length} of {total} uploads
            </span>
            <ClearFiltersButton onClear={() => setFilter(NO_FILTER)} disabled={!isFiltering(filter)} />
          </div>
          {shown.length === 0 ? (
            <Empty
              description={
                total === 0
                  ? 'No uploads yet. Upload your first AI-generated music to get started!'
                  : 'No uploads match your current filters.'
              }
            />
          ) : (
            <ul className="history-list" aria-label="Your uploads">
              {shown.map((upload) => (
                <HistoryRow key={upload.id} upload={upload} onOpen={onOpenResult} onReanalyze={startReanalysis} />
              ))}
            </ul>
          )}
          {history.hasNextPage && (
            <Button block onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              Load More History
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
