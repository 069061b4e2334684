import type { AdminUserEntry } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/users. */
export async function listUsers(): Promise<AdminUserEntry[]> {
  return (await apiGet<AdminUserEntry[]>(queryKeys.adminUsers)) ?? [];
}

export function useAdminUsers() {
  return useQuery({ queryKey: queryKeys.adminUsers, queryFn: listUsers, meta: { errorTitle: 'Failed to load users' } });
}
