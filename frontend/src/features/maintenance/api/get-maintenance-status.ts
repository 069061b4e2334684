import type { MaintenanceStatus } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/maintenance-status: whether visitors should see the maintenance page. */
export async function getMaintenanceStatus(): Promise<MaintenanceStatus> {
  return (await apiGet<MaintenanceStatus>(queryKeys.maintenanceStatus)) ?? { enabled: false };
}

/** `enabled: false` skips the call (spec §7: never asked for the super administrator). */
export function useMaintenanceStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: queryKeys.maintenanceStatus, queryFn: getMaintenanceStatus, enabled });
}
