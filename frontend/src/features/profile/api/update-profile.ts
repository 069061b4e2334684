import type { CurrentUser, ProfileUpdate } from '@originality/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/auth/profile → the updated user. */
export function updateProfile(update: ProfileUpdate): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('PUT', '/api/auth/profile', update);
}

/** Saves the profile, then refetches the current user so every screen shows the new name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
