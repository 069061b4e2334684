import { UPLOAD_RULES, type UploadPage } from '@originality/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/audio/uploads: one page of the history, newest first. */
export function listUploads(cursor: string | null): Promise<UploadPage> {
  const query = new URLSearchParams({ limit: String(UPLOAD_RULES.historyPageSize) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<UploadPage>('GET', `${queryKeys.uploads.join('/')}?${query}`);
}

/** The history, page by page ('Load More History' fetches the next). */
export function useUploadHistory() {
  return useInfiniteQuery({
    queryKey: queryKeys.uploads,
    queryFn: ({ pageParam }) => listUploads(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { errorTitle: 'Failed to load upload history' },
  });
}
