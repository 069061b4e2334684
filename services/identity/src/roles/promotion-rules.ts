import { type Caller, PROMOTABLE_ROLES, type PromotableRole } from '@originality/contracts';
import { DomainError } from '@originality/platform';

/**
 * Identity decides who the super administrator is from its own configuration, not from the
 * caller's flag, so a wrong session cannot grant itself the role.
 */
export function isSuperAdmin(userId: string | null | undefined, superAdminSubject: string): boolean {
  return typeof userId === 'string' && userId === superAdminSubject;
}

/**
 * Spec §4 user role: only the super administrator promotes; 'admin' is the only role that can be
 * granted; the super administrator (derived from configuration, never stored) cannot be promoted.
 */
export function checkPromotion(input: {
  caller: Caller | null;
  targetUserId: string;
  role: string;
  superAdminSubject: string;
}): PromotableRole {
  if (!isSuperAdmin(input.caller?.userId, input.superAdminSubject))
    throw DomainError.forbidden('Only the super administrator can change roles.');
  if (!(PROMOTABLE_ROLES as readonly string[]).includes(input.role))
    throw DomainError.validation(`Unknown role: ${input.role}`, { field: 'role' });
  if (isSuperAdmin(input.targetUserId, input.superAdminSubject))
    throw DomainError.validation('The super administrator cannot be promoted.');
  return input.role as PromotableRole;
}
