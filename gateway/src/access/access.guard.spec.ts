import 'reflect-metadata';
import { type Caller, Permission, Role } from '@originality/contracts';
import { AdminController } from '../admin/admin.controller';
import { accessDecision } from './access.guard';
import { isSuperAdminSubject } from './caller.service';
import { adminRouteRequirement, routeKey, routesOf } from './permissions';

const aCaller = (overrides: Partial<Caller> = {}): Caller => ({
  userId: 'dev:someone@example.test',
  email: 'someone@example.test',
  roles: [Role.USER],
  isSuperAdmin: false,
  ...overrides,
});

const user = aCaller();
const admin = aCaller({ roles: [Role.ADMIN] });
const superAdmin = aCaller({ userId: 'dev:boss@example.test', roles: [Role.SUPER_ADMIN], isSuperAdmin: true });

describe('access decisions', () => {
  it('lets anyone through a route without requirements', () => {
    expect(accessDecision(null, { signedIn: false })).toBe('allow');
  });

  it('asks signed-out callers to sign in (401) before checking permissions', () => {
    expect(accessDecision(null, { signedIn: true })).toBe('unauthenticated');
    expect(accessDecision(null, { signedIn: false, permission: Permission.MANAGE_USERS })).toBe('unauthenticated');
  });

  // The permission matrix of the admin routes (spec §6): admins manage users; only the super admin
  // handles roles and maintenance.
  it.each([
    [Permission.MANAGE_USERS, { user: 'forbidden', admin: 'allow', superAdmin: 'allow' }],
    [Permission.MANAGE_ROLES, { user: 'forbidden', admin: 'forbidden', superAdmin: 'allow' }],
    [Permission.MANAGE_MAINTENANCE, { user: 'forbidden', admin: 'forbidden', superAdmin: 'allow' }],
  ] as const)('%s: user %j', (permission, expected) => {
    expect(accessDecision(user, { signedIn: true, permission })).toBe(expected.user);
    expect(accessDecision(admin, { signedIn: true, permission })).toBe(expected.admin);
    expect(accessDecision(superAdmin, { signedIn: true, permission })).toBe(expected.superAdmin);
  });

  it('recognises the super administrator by exact subject only', () => {
    expect(isSuperAdminSubject('dev:boss@example.test', 'dev:boss@example.test')).toBe(true);
    expect(isSuperAdminSubject('dev:Boss@example.test', 'dev:boss@example.test')).toBe(false);
    expect(isSuperAdminSubject('dev:boss@example.test ', 'dev:boss@example.test')).toBe(false);
  });
});

describe('admin routes', () => {
  it('each have a permission in the table, and none is left out', () => {
    for (const route of routesOf([AdminController]))
      expect([routeKey(route.method, route.path), adminRouteRequirement(route.method, route.path)]).toEqual([
        routeKey(route.method, route.path),
        { permission: expect.any(String) },
      ]);
  });

  it.each([
    ['GET', '/api/admin/users', { permission: Permission.MANAGE_USERS }],
    ['POST', '/api/admin/promote-user', { permission: Permission.MANAGE_ROLES }],
    ['DELETE', '/api/admin/uploads/:id', { permission: Permission.DELETE_UPLOADS }],
    ['GET', '/api/admin/analytics', { permission: Permission.VIEW_ANALYTICS }],
    ['GET', '/api/admin/something-new', 'unlisted'],
    ['GET', '/api/administrative', null],
    ['GET', '/api/auth/user', null],
  ] as const)('%s %s needs %j', (method, path, expected) => {
    expect(adminRouteRequirement(method, path)).toEqual(expected);
  });
});
