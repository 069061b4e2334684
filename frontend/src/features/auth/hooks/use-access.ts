import { useMemo } from 'react';
import { accessFor } from '../../../lib/access';
import { useCurrentUser } from '../api/get-current-user';

/** The current user with their capability flags; `isLoading` while the first answer is pending. */
export function useAccess() {
  const { data, isLoading } = useCurrentUser();
  const user = data ?? null;
  const access = useMemo(() => accessFor(user), [user]);
  return { user, access, isLoading };
}
