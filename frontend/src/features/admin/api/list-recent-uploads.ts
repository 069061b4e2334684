import type { UploadView } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/recent-uploads (served by the upload service): newest first, with the uploader's e-mail. */
export async function listRecentUploads(): Promise<UploadView[]> {
  return (await apiGet<UploadView[]>(queryKeys.adminRecentUploads)) ?? [];
}

export function useRecentUploads() {
  return useQuery({
    queryKey: queryKeys.adminRecentUploads,
    queryFn: listRecentUploads,
    meta: { errorTitle: 'Failed to load recent uploads' },
  });
}
