import { type Caller, type Permission, can } from '@originality/contracts';
import { DomainError } from '@originality/platform';

/** Checks the caller the gateway resolved from the session again before a privileged command. */
export function requirePermission(caller: Caller | null, permission: Permission): Caller {
  if (!caller) throw DomainError.unauthenticated();
  if (!can(caller, permission)) throw DomainError.forbidden('This requires administrator privileges.');
  return caller;
}
