import { ErrorCode } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import { aCaller, anAdminCaller } from '@originality/testing';
import { checkPromotion, isSuperAdmin } from './promotion-rules';

const SUPER = 'the-super-admin';

function outcome(input: Parameters<typeof checkPromotion>[0]): string {
  try {
    return checkPromotion(input);
  } catch (err) {
    return `${(err as DomainError).code}: ${(err as DomainError).message}`;
  }
}

describe('promotion rules (spec §4 user role)', () => {
  const superAdmin = aCaller({ userId: SUPER, isSuperAdmin: true });

  it('lets the super administrator promote a user to admin', () => {
    expect(outcome({ caller: superAdmin, targetUserId: 'u1', role: 'admin', superAdminSubject: SUPER })).toBe('admin');
  });

  it('refuses anyone else, even an admin or a caller claiming the flag', () => {
    expect(outcome({ caller: anAdminCaller(), targetUserId: 'u1', role: 'admin', superAdminSubject: SUPER })).toBe(
      `${ErrorCode.FORBIDDEN}: Only the super administrator can change roles.`,
    );
    expect(
      outcome({ caller: aCaller({ isSuperAdmin: true }), targetUserId: 'u1', role: 'admin', superAdminSubject: SUPER }),
    ).toMatch(/^FORBIDDEN/);
    expect(outcome({ caller: null, targetUserId: 'u1', role: 'admin', superAdminSubject: SUPER })).toMatch(
      /^FORBIDDEN/,
    );
  });

  it('refuses roles other than admin by name', () => {
    expect(outcome({ caller: superAdmin, targetUserId: 'u1', role: 'owner', superAdminSubject: SUPER })).toBe(
      'VALIDATION: Unknown role: owner',
    );
    expect(outcome({ caller: superAdmin, targetUserId: 'u1', role: 'super_admin', superAdminSubject: SUPER })).toBe(
      'VALIDATION: Unknown role: super_admin',
    );
  });

  it('refuses to promote the super administrator', () => {
    expect(outcome({ caller: superAdmin, targetUserId: SUPER, role: 'admin', superAdminSubject: SUPER })).toBe(
      'VALIDATION: The super administrator cannot be promoted.',
    );
  });

  it('recognises the super administrator by exact string id only', () => {
    expect(isSuperAdmin(SUPER, SUPER)).toBe(true);
    expect(isSuperAdmin(`${SUPER} `, SUPER)).toBe(false);
    expect(isSuperAdmin(null, SUPER)).toBe(false);
  });
});
