import type { CurrentUser, IdentityUserReply, UploadTotals } from '@originality/contracts';

/**
 * GET /api/auth/user: spec §3 User, composed from the services that own each part.
 *
 * Identity gives the account, the upload service the upload totals. Billing has no endpoints yet,
 * so its part is the truthful value of a user with no subscription — tier 'free', status
 * 'inactive', no end date or price. A later issue fills it from billing here.
 */
export function composeCurrentUser(
  identity: IdentityUserReply,
  isSuperAdmin: boolean,
  uploads: UploadTotals,
): CurrentUser {
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
    totalUploadsCount: uploads.totalUploadsCount,
    uploadedSongTitles: uploads.uploadedSongTitles,
    subscriptionTier: 'free',
    subscriptionStatus: 'inactive',
    subscriptionEndsAt: null,
    subscriptionPrice: null,
  };
}
