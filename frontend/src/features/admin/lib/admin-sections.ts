import { Permission } from '@originality/contracts';

/**
 * The admin screens and the permission each needs (the server's table in the gateway's
 * access/permissions.ts guards the calls behind them with the same names).
 */
export const ADMIN_SECTIONS = [
  { path: '/admin/overview', label: 'Admin Overview', permission: Permission.VIEW_ANALYTICS, quickAction: false },
  { path: '/admin/users', label: 'User Management', permission: Permission.MANAGE_USERS, quickAction: true },
  {
    path: '/admin/uploads',
    label: 'Upload Management',
    permission: Permission.VIEW_UPLOAD_ACTIVITY,
    quickAction: true,
  },
  {
    path: '/admin/subscriptions',
    label: 'Subscription Management',
    permission: Permission.VIEW_ANALYTICS,
    quickAction: true,
  },
  { path: '/admin/roles', label: 'Role Management', permission: Permission.MANAGE_ROLES, quickAction: true },
  { path: '/admin/coupons', label: 'Coupon Management', permission: Permission.MANAGE_COUPONS, quickAction: true },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const sectionAt = (path: string): AdminSection =>
  ADMIN_SECTIONS.find((s) => s.path === path) ??
  (() => {
    throw new Error(`No admin section at ${path}`);
  })();
