import type { Usage } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/usage: this month's analyses and the plan's limit. */
export async function getUsage(): Promise<Usage> {
  return (await apiGet<Usage>(queryKeys.usage)) as Usage;
}

export function useUsage() {
  return useQuery({ queryKey: queryKeys.usage, queryFn: getUsage });
}
