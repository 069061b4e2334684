import type { MaintenanceStatus } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/maintenance-status: the switch's current position (always read fresh by the gateway). */
export async function getAdminMaintenanceStatus(): Promise<MaintenanceStatus> {
  return (await apiGet<MaintenanceStatus>(queryKeys.adminMaintenanceStatus)) as MaintenanceStatus;
}

export function useAdminMaintenanceStatus() {
  return useQuery({ queryKey: queryKeys.adminMaintenanceStatus, queryFn: getAdminMaintenanceStatus });
}
