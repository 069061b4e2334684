import type { AdminUserEntry, CurrentUser } from '@originality/contracts';

/** A signed-in user as GET /api/auth/user answers; override what the test is about. */
export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    email: 'casey@example.com',
    firstName: 'Casey',
    lastName: 'Creator',
    username: 'casey',
    profileImageUrl: null,
    role: 'user',
    createdAt: '2025-03-07T10:00:00.000Z',
    updatedAt: '2025-03-07T10:00:00.000Z',
    isSuperAdmin: false,
    totalUploadsCount: 0,
    uploadedSongTitles: [],
    subscriptionTier: 'free',
    subscriptionStatus: 'inactive',
    subscriptionEndsAt: null,
    subscriptionPrice: null,
    ...overrides,
  };
}

export const aSuperAdmin = (overrides: Partial<CurrentUser> = {}) =>
  aUser({
    id: 'boss',
    email: 'boss@example.com',
    firstName: 'Sam',
    role: 'super_admin',
    isSuperAdmin: true,
    ...overrides,
  });

export function anAdminListEntry(overrides: Partial<AdminUserEntry> = {}): AdminUserEntry {
  return {
    id: 'user-1',
    email: 'casey@example.com',
    createdAt: '2025-03-07T10:00:00.000Z',
    role: 'user',
    subscriptionStatus: 'inactive',
    ...overrides,
  };
}
