import { accessFor } from './access';
import { aSuperAdmin, aUser } from '../test/factories';

describe('access flags', () => {
  it('gives a visitor nothing', () => {
    expect(accessFor(null)).toMatchObject({
      isSignedIn: false,
      canAccessAdmin: false,
      bypassesMaintenance: false,
      isVip: false,
    });
  });

  it('keeps a signed-in user out of the admin area', () => {
    expect(accessFor(aUser())).toMatchObject({
      isSignedIn: true,
      canAccessAdmin: false,
      canManageMaintenance: false,
      canManageRoles: false,
    });
  });

  it("lets a promoted admin into the console with the admin card's permissions only", () => {
    const access = accessFor(aUser({ role: 'admin' }));
    expect(access.canAccessAdmin).toBe(true);
    expect([...access.permissions].sort()).toEqual([
      'manage_users',
      'process_refunds',
      'view_analytics',
      'view_upload_activity',
    ]);
    expect(access).toMatchObject({ canManageRoles: false, canManageMaintenance: false, canManageUsers: true });
    expect(access.bypassesMaintenance).toBe(false);
  });

  it("follows the server's isSuperAdmin flag, not the user id", () => {
    expect(accessFor(aUser({ id: 'boss', isSuperAdmin: false })).canAccessAdmin).toBe(false);
    expect(accessFor(aSuperAdmin())).toMatchObject({
      canAccessAdmin: true,
      canManageMaintenance: true,
      canManageRoles: true,
      canManageUsers: true,
      canSeeAdminStatistics: true,
      bypassesMaintenance: true,
    });
  });

  it('treats an active subscription as VIP and anything else as not', () => {
    expect(accessFor(aUser({ subscriptionStatus: 'active', subscriptionTier: 'monthly' })).isVip).toBe(true);
    expect(accessFor(aUser({ subscriptionStatus: 'cancelled', subscriptionTier: 'monthly' })).isVip).toBe(false);
  });
});
