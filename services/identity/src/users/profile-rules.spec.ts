import { ErrorCode } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import { profileChanges, splitFullName } from './profile-rules';

const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('splitting the full name (spec §5)', () => {
  it('splits at the first space: first word is the first name, the rest the last name', () => {
    expect(splitFullName('Mary Ann Smith')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
  });
  it('keeps a single word as the first name only', () => {
    expect(splitFullName('  Prince ')).toEqual({ firstName: 'Prince' });
  });
  it('leaves out an empty name', () => {
    expect(splitFullName('   ')).toEqual({});
    expect(splitFullName(null)).toEqual({});
  });
});

describe('profile update rules (spec §5, re-checked on the server)', () => {
  it('trims names and username', () => {
    expect(profileChanges({ firstName: '  Ada ', lastName: ' Lovelace ', username: '  ada.l ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada.l',
    });
  });

  it('omits empty values instead of blanking the profile', () => {
    expect(profileChanges({ firstName: '', lastName: '   ', username: ' ' })).toEqual({});
  });

  it('refuses a first name longer than 100 characters', () => {
    const err = refusal(() => profileChanges({ firstName: 'a'.repeat(101) }));
    expect(err.code).toBe(ErrorCode.VALIDATION);
    expect(err.message).toBe('First name must be at most 100 characters.');
    expect(profileChanges({ lastName: 'b'.repeat(100) })).toEqual({ lastName: 'b'.repeat(100) });
  });

  it('refuses usernames that are too short or too long', () => {
    expect(refusal(() => profileChanges({ username: 'a' })).message).toBe(
      'Username must be between 2 and 40 characters.',
    );
    expect(refusal(() => profileChanges({ username: 'a'.repeat(41) })).code).toBe(ErrorCode.VALIDATION);
    expect(profileChanges({ username: 'ab' })).toEqual({ username: 'ab' });
  });

  it('refuses usernames with spaces or symbols', () => {
    for (const username of ['ada lovelace', 'ada@home', 'ünicode', 'a/b']) {
      expect(refusal(() => profileChanges({ username })).message).toBe(
        'Username may only contain letters, digits, dots, underscores and dashes.',
      );
    }
    expect(profileChanges({ username: 'A-b_c.9' })).toEqual({ username: 'A-b_c.9' });
  });
});
