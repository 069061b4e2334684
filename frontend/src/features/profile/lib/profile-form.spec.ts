import { splitFullName, toProfileUpdate, validateProfileForm } from './profile-form';

describe('profile form', () => {
  it('splits the full name at the first space', () => {
    expect(splitFullName('Ada King Lovelace')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitFullName('  Ada   Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitFullName('Prince')).toEqual({ firstName: 'Prince', lastName: '' });
  });

  it('leaves out empty values and trims the username', () => {
    expect(toProfileUpdate({ fullName: 'Ada Lovelace', username: '  ada_l ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
    });
    expect(toProfileUpdate({ fullName: 'Prince', username: '   ' })).toEqual({ firstName: 'Prince' });
    expect(toProfileUpdate({ fullName: '', username: '' })).toEqual({});
  });

  it('accepts what the server accepts', () => {
    expect(validateProfileForm({ fullName: 'Ada Lovelace', username: 'ada.l-99' })).toEqual({});
    expect(validateProfileForm({ fullName: '', username: '' })).toEqual({});
  });

  it('refuses a username that is too short, too long or has other characters', () => {
    expect(validateProfileForm({ fullName: '', username: 'a' }).username).toMatch(/2 to 40/);
    expect(validateProfileForm({ fullName: '', username: 'a'.repeat(41) }).username).toMatch(/2 to 40/);
    expect(validateProfileForm({ fullName: '', username: 'ada lovelace' }).username).toMatch(/letters, digits/);
  });

  it('refuses a first or last name over 100 characters', () => {
    expect(validateProfileForm({ fullName: `${'a'.repeat(101)} B`, username: '' }).fullName).toMatch(/100/);
    expect(validateProfileForm({ fullName: `A ${'b'.repeat(100)}`, username: '' })).toEqual({});
  });
});
