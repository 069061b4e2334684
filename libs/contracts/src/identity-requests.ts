import type { AdminUserEntry, IdentityUser, ProfileUpdate, SignInClaims } from './identity';

/**
 * Payloads and replies of the identity subjects (`IdentitySubjects`). Each travels inside an
 * `Envelope` whose caller identity checks again.
 *
 * - signIn:         SignInRequest (no caller needed; only the SignInClaims fields, others are refused) → IdentityUserReply
 * - getUser:        GetUserRequest (the caller themself, or manage_users) → IdentityUserReply
 * - updateProfile:  UpdateProfileRequest (for the caller) → IdentityUserReply
 * - listUsers:      ListUsersRequest (manage_users) → ListUsersReply
 * - promoteUser:    PromoteUserRequest (super admin only) → PromoteUserReply
 * - getMaintenance: GetMaintenanceRequest (anyone) → MaintenanceStatus
 * - setMaintenance: SetMaintenanceRequest (super admin only) → MaintenanceStatus
 */
export type SignInRequest = SignInClaims;

export interface GetUserRequest {
  userId: string;
}

export type UpdateProfileRequest = ProfileUpdate;

export type ListUsersRequest = Record<string, never>;

export type GetMaintenanceRequest = Record<string, never>;

export interface SetMaintenanceRequest {
  enabled: boolean;
}

/**
 * The user as identity answers: `role` is the effective role ('super_admin' for the super
 * administrator, derived from configuration and never stored) and `isSuperAdmin` says the same.
 */
export interface IdentityUserReply extends IdentityUser {
  isSuperAdmin: boolean;
}

export type ListUsersReply = AdminUserEntry[];

export interface PromoteUserReply {
  /** '<email> is now an admin.' */
  message: string;
}
