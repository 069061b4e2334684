import { can, type CurrentUser, Permission } from '@originality/contracts';

/** What the current user may see and do. Routes and buttons ask these flags, never user ids. */
export interface Access {
  isSignedIn: boolean;
  isVip: boolean;
  /** Every admin screen (spec §6: the super administrator only; a promoted admin is denied). */
  canAccessAdmin: boolean;
  canManageMaintenance: boolean;
  canManageRoles: boolean;
  canManageUsers: boolean;
  /** The admin block on the Profile Statistics panel. */
  canSeeAdminStatistics: boolean;
  bypassesMaintenance: boolean;
}

export function accessFor(user: CurrentUser | null): Access {
  const superAdmin = user?.isSuperAdmin === true;
  const caller = user ? { roles: [user.role], isSuperAdmin: superAdmin } : null;
  return {
    isSignedIn: user !== null,
    isVip: user?.subscriptionStatus === 'active',
    canAccessAdmin: superAdmin,
    canManageMaintenance: superAdmin && can(caller, Permission.MANAGE_MAINTENANCE),
    canManageRoles: superAdmin && can(caller, Permission.MANAGE_ROLES),
    canManageUsers: superAdmin && can(caller, Permission.MANAGE_USERS),
    canSeeAdminStatistics: superAdmin,
    bypassesMaintenance: superAdmin,
  };
}
