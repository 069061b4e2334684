import { type CurrentUser, type Permission, permissionsOf } from '@originality/contracts';

/** What the current user may see and do. Routes and buttons ask these flags, never user ids. */
export interface Access {
  isSignedIn: boolean;
  isVip: boolean;
  /**
   * The permissions of the Role Permissions card (the server enforces the same ones): a promoted
   * admin holds the admin's, the super administrator all of them.
   */
  permissions: ReadonlySet<Permission>;
  /** The admin console: anyone holding an admin permission; each screen then asks for its own. */
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
  const permissions = permissionsOf(user ? { roles: [user.role], isSuperAdmin: superAdmin } : null);
  return {
    isSignedIn: user !== null,
    isVip: user?.subscriptionStatus === 'active',
    permissions,
    canAccessAdmin: permissions.size > 0,
    canManageMaintenance: permissions.has('manage_maintenance'),
    canManageRoles: permissions.has('manage_roles'),
    canManageUsers: permissions.has('manage_users'),
    canSeeAdminStatistics: superAdmin,
    bypassesMaintenance: superAdmin,
  };
}
