import type { CurrentUser, IdentityUserReply } from '@originality/contracts';

/**
 * GET /api/auth/user: spec §3 User, composed from the services that own each part.
 *
 * Identity gives the account. Billing and upload have no endpoints yet, so their parts are the
 * truthful values of a user with no subscription and no uploads — tier 'free', status 'inactive',
 * no end date or price, zero uploads. Later issues fill them from billing and upload here.
 */
export function composeCurrentUser(identity: IdentityUserReply, isSuperAdmin: boolean): CurrentUser {
  return {
    id: identity.id,
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    username: identity.username,
    profileImageUrl: identity.profileImageUrl,
    role: identity.role,
    createdAt: identity.createdAt,
    updatedAt: identity.updatedAt,
    isSuperAdmin,
    totalUploadsCount: 0,
    uploadedSongTitles: [],
    subscriptionTier: 'free',
    subscriptionStatus: 'inactive',
    subscriptionEndsAt: null,
    subscriptionPrice: null,
  };
}
