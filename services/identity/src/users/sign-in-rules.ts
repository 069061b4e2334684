import { PROFILE_LIMITS, type SignInClaims } from '@originality/contracts';
import { splitFullName, usernameProblem } from './profile-rules';

/** What the identity provider tells us about the user at a sign-in. */
export interface ClaimedProfile {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** A username proposal; used only if valid and free. */
  username: string | null;
  profileImageUrl: string | null;
}

const clean = (value: string | null | undefined, max: number): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/**
 * Reads the standard OIDC claims: given/family name when present, else the full `name` split like
 * the profile form does; names are cut to the profile limit rather than refusing the sign-in.
 */
export function claimedProfile(claims: SignInClaims): ClaimedProfile {
  const split = splitFullName(claims.name);
  const max = PROFILE_LIMITS.nameMaxLength;
  const username = clean(claims.preferred_username, PROFILE_LIMITS.usernameMaxLength + 1);
  return {
    email: clean(claims.email, 320)?.toLowerCase() ?? null,
    firstName: clean(claims.given_name, max) ?? clean(split.firstName, max),
    lastName: clean(claims.family_name, max) ?? clean(split.lastName, max),
    username: username && !usernameProblem(username) ? username : null,
    profileImageUrl: clean(claims.picture, 2048),
  };
}
