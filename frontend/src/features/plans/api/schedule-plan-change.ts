import type { PlanChangeReply, PlanChangeRequest } from '@originality/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/subscription/schedule-plan-change: the new plan starts with the next billing cycle. */
export function schedulePlanChange(request: PlanChangeRequest): Promise<PlanChangeReply> {
  return apiRequest<PlanChangeReply>('POST', '/api/subscription/schedule-plan-change', request);
}

/** Schedules, then refreshes the user (spec §4). */
export function useSchedulePlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: schedulePlanChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
