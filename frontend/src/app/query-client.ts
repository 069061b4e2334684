import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleGlobalError } from '../lib/global-errors';
import { queryKeys } from '../lib/query-keys';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorTitle`: the toast title when this read fails (otherwise the screen shows the error itself). */
    queryMeta: { errorTitle?: string };
  }
}

/**
 * Spec §7: reads never go stale, never refetch on focus, never poll, and nothing retries.
 * Every failure passes through {@link handleGlobalError}.
 */
export function createQueryClient(): QueryClient {
  const hooks = { onMaintenance: () => void client.invalidateQueries({ queryKey: queryKeys.maintenanceStatus }) };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleGlobalError(error, hooks, query.meta?.errorTitle) }),
    mutationCache: new MutationCache({ onError: (error) => handleGlobalError(error, hooks) }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return client;
}
