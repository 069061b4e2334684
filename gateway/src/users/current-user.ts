import type { CurrentUser, IdentityUserReply, UploadTotals } from '@originality/contracts';
import { FREE_FIELDS, type SubscriptionFields } from '../billing/subscription-fields';

/**
 * GET /api/auth/user: spec §3 User, composed from the services that own each part.
 *
 * Identity gives the account, the upload service the upload totals, billing the subscription
 * fields (Free, 'inactive' without one).
 */
export function composeCurrentUser(
  identity: IdentityUserReply,
  isSuperAdmin: boolean,
  uploads: UploadTotals,
  subscription: SubscriptionFields = FREE_FIELDS,
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
    ...subscription,
  };
}
