import type { CurrentUser, IdentityUserReply } from '@originality/contracts';
import { FREE_FIELDS, type SubscriptionFields } from '../billing/subscription-fields';

/**
 * GET /api/auth/user: spec §3 User, composed from the services that own each part.
 *
 * Identity gives the account and billing the subscription fields (Free, 'inactive' without one).
 * Upload has no endpoints yet, so its part is the truthful value of a user with no uploads.
 */
export function composeCurrentUser(
  identity: IdentityUserReply,
  isSuperAdmin: boolean,
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
    totalUploadsCount: 0,
    uploadedSongTitles: [],
    ...subscription,
  };
}
