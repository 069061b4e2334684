import type { UploadView } from '@originality/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/audio/reanalyze/{id}: a new analysis of a completed upload (not counted against the quota). */
export function reanalyzeUpload(id: string): Promise<UploadView> {
  return apiRequest<UploadView>('POST', `/api/audio/reanalyze/${encodeURIComponent(id)}`);
}

/** Starts it, then refreshes the history (spec §4). */
export function useReanalyzeUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reanalyzeUpload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.uploads, exact: true }),
  });
}
