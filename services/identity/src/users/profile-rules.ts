import { PROFILE_LIMITS, type ProfileUpdate } from '@originality/contracts';
import { DomainError } from '@originality/platform';

/** The fields a profile update actually changes, after the spec §5 rules. */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  username?: string;
}

const USERNAME_PATTERN = new RegExp(PROFILE_LIMITS.usernamePattern);

/**
 * Spec §5: the full name is split at the first space into first name and the rest as last name;
 * empty parts are left out.
 */
export function splitFullName(fullName: string | null | undefined): { firstName?: string; lastName?: string } {
  const trimmed = (fullName ?? '').trim();
  if (!trimmed) return {};
  const space = trimmed.search(/\s/);
  if (space < 0) return { firstName: trimmed };
  const lastName = trimmed.slice(space + 1).trim();
  return { firstName: trimmed.slice(0, space), ...(lastName ? { lastName } : {}) };
}

function checkName(label: string, value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (trimmed.length > PROFILE_LIMITS.nameMaxLength) {
    throw DomainError.validation(`${label} must be at most ${PROFILE_LIMITS.nameMaxLength} characters.`, {
      field: label === 'First name' ? 'firstName' : 'lastName',
    });
  }
  return trimmed;
}

/** Why a username is refused, or null when it is acceptable. */
export function usernameProblem(username: string): string | null {
  const { usernameMinLength: min, usernameMaxLength: max } = PROFILE_LIMITS;
  if (username.length < min || username.length > max) return `Username must be between ${min} and ${max} characters.`;
  if (!USERNAME_PATTERN.test(username))
    return 'Username may only contain letters, digits, dots, underscores and dashes.';
  return null;
}

/**
 * Re-checks a profile update on the server (spec §5): names and username trimmed, empty values
 * left out, names at most 100 characters, username 2–40 characters of letters, digits, . _ -.
 */
export function profileChanges(update: ProfileUpdate): ProfileChanges {
  const firstName = checkName('First name', update.firstName);
  const lastName = checkName('Last name', update.lastName);
  const username = update.username?.trim() || undefined;
  if (username !== undefined) {
    const problem = usernameProblem(username);
    if (problem) throw DomainError.validation(problem, { field: 'username' });
  }
  return {
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
    ...(username !== undefined ? { username } : {}),
  };
}
