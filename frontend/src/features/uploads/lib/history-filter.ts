import type { AnalysisStatus, UploadView } from '@originality/contracts';

export type StatusFilter = AnalysisStatus | 'all';

export interface HistoryFilter {
  search: string;
  status: StatusFilter;
}

export const NO_FILTER: HistoryFilter = { search: '', status: 'all' };

/** The status dropdown of spec §2, in its order. */
export const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'completed', label: 'Completed' },
  { value: 'analyzing', label: 'Analyzing' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
];

export const isFiltering = (filter: HistoryFilter) => filter.search.trim() !== '' || filter.status !== 'all';

/** The loaded uploads whose filename contains the search text (any case) and whose status matches. */
export function filterUploads(uploads: readonly UploadView[], filter: HistoryFilter): UploadView[] {
  const needle = filter.search.trim().toLowerCase();
  return uploads.filter(
    (upload) =>
      (filter.status === 'all' || upload.analysisStatus === filter.status) &&
      (!needle || upload.originalFilename.toLowerCase().includes(needle)),
  );
}
