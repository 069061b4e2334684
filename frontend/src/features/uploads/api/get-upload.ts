import type { UploadView } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/audio/uploads/{id}. */
export async function getUpload(id: string): Promise<UploadView> {
  return (await apiGet<UploadView>(queryKeys.upload(id))) as UploadView;
}

/**
 * The upload's status, read every few seconds while `pollMs` is set: the progress card's fallback
 * when the live stream has dropped (the one read in the app that polls, and only until the analysis ends).
 */
export function useUploadStatus(id: string, { enabled, pollMs }: { enabled: boolean; pollMs: number | false }) {
  return useQuery({
    queryKey: queryKeys.upload(id),
    queryFn: () => getUpload(id),
    enabled,
    staleTime: 0,
    refetchInterval: pollMs,
  });
}
