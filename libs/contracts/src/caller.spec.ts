import { Permission, Role, can, permissionsOf } from './caller';
import { HTTP_STATUS_BY_CODE, isErrorEnvelope } from './errors';

describe('role permissions (spec §2 Role Permissions card)', () => {
  const user = { roles: [Role.USER], isSuperAdmin: false };
  const admin = { roles: [Role.ADMIN], isSuperAdmin: false };
  const superAdmin = { roles: [Role.USER], isSuperAdmin: true };

  it('gives a plain user no admin permission', () => {
    expect(permissionsOf(user).size).toBe(0);
    expect(can(null, Permission.VIEW_ANALYTICS)).toBe(false);
  });

  it('lets an admin view analytics, refund, manage users and view uploads, and nothing else', () => {
    expect([...permissionsOf(admin)].sort()).toEqual(
      [
        Permission.MANAGE_USERS,
        Permission.PROCESS_REFUNDS,
        Permission.VIEW_ANALYTICS,
        Permission.VIEW_UPLOAD_ACTIVITY,
      ].sort(),
    );
    for (const p of [
      Permission.MANAGE_ROLES,
      Permission.MANAGE_MAINTENANCE,
      Permission.MANAGE_COUPONS,
      Permission.DELETE_UPLOADS,
    ]) {
      expect(can(admin, p)).toBe(false);
    }
  });

  it('gives the super administrator every permission', () => {
    for (const p of Object.values(Permission)) expect(can(superAdmin, p)).toBe(true);
  });
});

describe('error envelopes', () => {
  it('recognises only envelopes with a known code and a message', () => {
    expect(isErrorEnvelope({ code: 'NOT_FOUND', message: 'x' })).toBe(true);
    expect(isErrorEnvelope({ code: 'NOPE', message: 'x' })).toBe(false);
    expect(isErrorEnvelope({ code: 'NOT_FOUND' })).toBe(false);
    expect(isErrorEnvelope('NOT_FOUND')).toBe(false);
  });

  it('maps every code to a 4xx or 5xx status', () => {
    for (const status of Object.values(HTTP_STATUS_BY_CODE)) expect(status).toBeGreaterThanOrEqual(400);
  });
});
