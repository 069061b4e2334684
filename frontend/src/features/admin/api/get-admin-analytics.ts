import type { AdminAnalytics } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/analytics: the figures of the overview, upload and subscription screens. */
export async function getAdminAnalytics(): Promise<AdminAnalytics> {
  return (await apiGet<AdminAnalytics>(queryKeys.adminAnalytics)) as AdminAnalytics;
}

export function useAdminAnalytics() {
  return useQuery({
    queryKey: queryKeys.adminAnalytics,
    queryFn: getAdminAnalytics,
    meta: { errorTitle: 'Failed to load analytics' },
  });
}
