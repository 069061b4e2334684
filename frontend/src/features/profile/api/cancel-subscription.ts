import type { MessageReply } from '@originality/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/subscription/cancel → `{ message }`: cancelled at the end of the billing period. */
export function cancelSubscription(): Promise<MessageReply> {
  return apiRequest<MessageReply>('POST', '/api/subscription/cancel');
}

/** Cancels, then refreshes the user so the cancelled notice shows. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
