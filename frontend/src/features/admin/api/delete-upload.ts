import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/admin/uploads/{id} (super admin): the object, the record and its results. */
export function deleteUpload(uploadId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/admin/uploads/${encodeURIComponent(uploadId)}`);
}

/** Deletes, then refetches the recent uploads and the totals. */
export function useDeleteUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUpload,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminRecentUploads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminAnalytics }),
      ]),
  });
}
