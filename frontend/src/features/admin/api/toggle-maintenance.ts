import type { MaintenanceStatus } from '@originality/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/toggle-maintenance → the new state. */
export function toggleMaintenance(enabled: boolean): Promise<MaintenanceStatus> {
  return apiRequest<MaintenanceStatus>('POST', '/api/admin/toggle-maintenance', { enabled });
}

export function useToggleMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleMaintenance,
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.adminMaintenanceStatus, status);
      return queryClient.invalidateQueries({ queryKey: queryKeys.maintenanceStatus });
    },
  });
}
