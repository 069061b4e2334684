import type { Role } from './caller';

/** Subscription fields of spec §3 User; billing owns them, the gateway composes them in. */
export type SubscriptionTier = 'free' | 'monthly' | 'quarterly' | 'yearly';
export type SubscriptionStatus = 'active' | 'cancelled' | 'past_due' | 'inactive';

/** The user as identity stores it. */
export interface IdentityUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  profileImageUrl: string | null;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/auth/user: spec §3 User (identity + billing + upload parts). */
export interface CurrentUser extends IdentityUser {
  isSuperAdmin: boolean;
  totalUploadsCount: number;
  uploadedSongTitles: string[];
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  subscriptionEndsAt: string | null;
  subscriptionPrice: number | null;
}

/** Claims the gateway passes on at each sign-in (OIDC standard claim names). */
export interface SignInClaims {
  sub: string;
  email?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  name?: string | null;
  preferred_username?: string | null;
  picture?: string | null;
}

/** PUT /api/auth/profile. Spec §5: the frontend splits the full name; the server re-checks. */
export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  username?: string;
}

export const PROFILE_LIMITS = {
  nameMaxLength: 100,
  usernameMinLength: 2,
  usernameMaxLength: 40,
  /** Letters, digits, dot, underscore and dash. */
  usernamePattern: '^[A-Za-z0-9._-]+$',
} as const;

export interface PromoteUserRequest {
  userId: string;
  role: string;
}

export interface MaintenanceStatus {
  enabled: boolean;
}

/** GET /api/admin/users entry (identity part; billing adds its fields in a later issue). */
export interface AdminUserEntry {
  id: string;
  email: string | null;
  createdAt: string;
  role: Role;
  subscriptionStatus?: SubscriptionStatus;
  subscriptionTier?: SubscriptionTier;
  subscriptionEndsAt?: string | null;
}
