import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Spec §7: the reason is always this fixed value. */
export const REFUND_REASON = 'requested_by_admin';

/** POST /api/admin/refund (billing): refunds and cancels the user's subscription → `{ message }`. */
export function processRefund(userId: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', '/api/admin/refund', { userId, reason: REFUND_REASON });
}

/** Refunds, then refetches the users and the figures. */
export function useProcessRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processRefund,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminAnalytics }),
      ]),
  });
}
