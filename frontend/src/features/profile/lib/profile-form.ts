import { PROFILE_LIMITS, type ProfileUpdate } from '@originality/contracts';

export interface ProfileFormValues {
  fullName: string;
  username: string;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

/** Spec §5: the full name splits at the first space; the rest (trimmed) is the last name. */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  const trimmed = full.trim();
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/** The PUT /api/auth/profile body: empty values are left out, the username is trimmed. */
export function toProfileUpdate(values: ProfileFormValues): ProfileUpdate {
  const { firstName, lastName } = splitFullName(values.fullName);
  const username = values.username.trim();
  return {
    ...(firstName && { firstName }),
    ...(lastName && { lastName }),
    ...(username && { username }),
  };
}

const USERNAME_PATTERN = new RegExp(PROFILE_LIMITS.usernamePattern);

/** The server's rules (contracts PROFILE_LIMITS), checked before sending so mistakes show at the field. */
export function validateProfileForm(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  const { firstName, lastName } = splitFullName(values.fullName);
  if (firstName.length > PROFILE_LIMITS.nameMaxLength || lastName.length > PROFILE_LIMITS.nameMaxLength) {
    errors.fullName = `First and last name may each be at most ${PROFILE_LIMITS.nameMaxLength} characters.`;
  }
  const username = values.username.trim();
  if (
    username &&
    (username.length < PROFILE_LIMITS.usernameMinLength || username.length > PROFILE_LIMITS.usernameMaxLength)
  ) {
    errors.username = `Username must be ${PROFILE_LIMITS.usernameMinLength} to ${PROFILE_LIMITS.usernameMaxLength} characters.`;
  } else if (username && !USERNAME_PATTERN.test(username)) {
    errors.username = 'Username may contain only letters, digits, dots, underscores and dashes.';
  }
  return errors;
}
