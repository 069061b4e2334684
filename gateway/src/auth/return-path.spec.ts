import { safeReturnPath } from './return-path';

describe('return path after sign-in', () => {
  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeReturnPath('/profile')).toBe('/profile');
    expect(safeReturnPath('/admin/users?tab=2#top')).toBe('/admin/users?tab=2#top');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['a backslash trick', '/\\evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'profile'],
    ['control characters', '/pro\nfile'],
    ['a tab-split slash', '/\t/evil.example'],
    ['the sign-in route itself', '/api/login?returnTo=/x'],
    ['the callback', '/api/callback'],
    ['nothing', undefined],
    ['an array', ['/a', '/b']],
    ['an empty string', ''],
  ])('falls back to / for %s', (_label, candidate) => {
    expect(safeReturnPath(candidate)).toBe('/');
  });

  it('refuses overly long paths', () => {
    expect(safeReturnPath(`/${'a'.repeat(3000)}`)).toBe('/');
  });
});
