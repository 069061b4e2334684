import type { CurrentUser } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/auth/user: the signed-in user, or null when signed out (its 401 is the answer, not an error). */
export function getCurrentUser(): Promise<CurrentUser | null> {
  return apiGet<CurrentUser>(queryKeys.currentUser, { on401: 'returnNull' });
}

export function useCurrentUser() {
  return useQuery({ queryKey: queryKeys.currentUser, queryFn: getCurrentUser });
}
