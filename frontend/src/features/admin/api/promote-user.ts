import type { PromoteUserReply, PromoteUserRequest } from '@originality/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/promote-user → `{ message }`, shown as the success toast. */
export function promoteUser(request: PromoteUserRequest): Promise<PromoteUserReply> {
  return apiRequest<PromoteUserReply>('POST', '/api/admin/promote-user', request);
}

/** Promotes, then refetches the user list (spec §7). */
export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
