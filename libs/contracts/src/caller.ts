/** Roles a user can hold. The super administrator is derived from configuration, never stored. */
export const Role = { USER: 'user', ADMIN: 'admin', SUPER_ADMIN: 'super_admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Roles that may be granted through promotion (spec §4: a user can be promoted to 'admin'). */
export const PROMOTABLE_ROLES = ['admin'] as const;
export type PromotableRole = (typeof PROMOTABLE_ROLES)[number];

/**
 * Who is asking. Set by the gateway from the server session, never from the browser, and sent
 * with every request so services can check privileged commands again.
 */
export interface Caller {
  userId: string;
  email: string | null;
  roles: Role[];
  isSuperAdmin: boolean;
}

/** Every request/reply payload carries the caller and the request id (for log correlation). */
export interface Envelope<T> {
  caller: Caller | null;
  requestId?: string;
  data: T;
}

/** Permissions from the spec's Role Permissions card (§2 Role Management). */
export const Permission = {
  VIEW_ANALYTICS: 'view_analytics',
  PROCESS_REFUNDS: 'process_refunds',
  MANAGE_USERS: 'manage_users',
  VIEW_UPLOAD_ACTIVITY: 'view_upload_activity',
  MANAGE_ROLES: 'manage_roles',
  MANAGE_MAINTENANCE: 'manage_maintenance',
  MANAGE_COUPONS: 'manage_coupons',
  DELETE_UPLOADS: 'delete_uploads',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

const ADMIN_PERMISSIONS: readonly Permission[] = [
  Permission.VIEW_ANALYTICS,
  Permission.PROCESS_REFUNDS,
  Permission.MANAGE_USERS,
  Permission.VIEW_UPLOAD_ACTIVITY,
];

/** Permissions a caller holds: admins get the card's admin list; only the super admin gets all. */
export function permissionsOf(caller: Pick<Caller, 'roles' | 'isSuperAdmin'> | null): Set<Permission> {
  if (!caller) return new Set();
  if (caller.isSuperAdmin) return new Set(Object.values(Permission));
  if (caller.roles.includes(Role.ADMIN)) return new Set(ADMIN_PERMISSIONS);
  return new Set();
}

export function can(caller: Pick<Caller, 'roles' | 'isSuperAdmin'> | null, permission: Permission): boolean {
  return permissionsOf(caller).has(permission);
}
