import { isPastAbsoluteLimit } from './session.middleware';

describe('absolute session timeout', () => {
  const signedInAt = Date.UTC(2025, 0, 1, 8);
  const hour = 3_600_000;

  it('keeps a session younger than the limit however it is used', () => {
    expect(isPastAbsoluteLimit(signedInAt, signedInAt + 23 * hour, 24)).toBe(false);
  });

  it('ends a session once the limit has passed', () => {
    expect(isPastAbsoluteLimit(signedInAt, signedInAt + 24 * hour, 24)).toBe(true);
  });

  it('leaves sessions without a sign-in time alone (nobody is signed in)', () => {
    expect(isPastAbsoluteLimit(undefined, signedInAt, 24)).toBe(false);
  });
});
