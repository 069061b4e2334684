import { randomUUID } from 'node:crypto';
import { type Caller, Role, type SignInClaims } from '@originality/contracts';

let sequence = 0;
const next = () => ++sequence;

/** A caller as the gateway would send it; a plain user unless told otherwise. */
export function aCaller(overrides: Partial<Caller> = {}): Caller {
  const n = next();
  return {
    userId: `user-${n}-${randomUUID().slice(0, 8)}`,
    email: `user${n}@example.com`,
    roles: [Role.USER],
    isSuperAdmin: false,
    ...overrides,
  };
}

export function anAdminCaller(overrides: Partial<Caller> = {}): Caller {
  return aCaller({ roles: [Role.ADMIN], ...overrides });
}

export function aSuperAdminCaller(userId: string, overrides: Partial<Caller> = {}): Caller {
  return aCaller({ userId, roles: [Role.USER], isSuperAdmin: true, ...overrides });
}

/** OIDC claims of a sign-in; the subject is unique per call. */
export function aSignInClaims(overrides: Partial<SignInClaims> = {}): SignInClaims {
  const n = next();
  return {
    sub: `sub-${n}-${randomUUID().slice(0, 8)}`,
    email: `member${n}@example.com`,
    given_name: 'Ada',
    family_name: 'Lovelace',
    preferred_username: `ada${n}`,
    picture: null,
    ...overrides,
  };
}
