import { claimedProfile } from './sign-in-rules';

describe('reading the profile from sign-in claims', () => {
  it('uses given and family name when the provider sends them', () => {
    expect(
      claimedProfile({ sub: 's', given_name: 'Ada', family_name: 'Lovelace', name: 'Countess Ada' }),
    ).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('splits the full name at the first space when given/family names are missing', () => {
    expect(claimedProfile({ sub: 's', name: 'Grace Brewster Hopper' })).toMatchObject({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
  });

  it('stores the e-mail in lower case and empty claims as null', () => {
    expect(claimedProfile({ sub: 's', email: ' Ada@Example.COM ', picture: '' })).toMatchObject({
      email: 'ada@example.com',
      profileImageUrl: null,
      firstName: null,
      lastName: null,
    });
  });

  it('proposes the preferred username only when it follows the username rules', () => {
    expect(claimedProfile({ sub: 's', preferred_username: 'ada.l' }).username).toBe('ada.l');
    expect(claimedProfile({ sub: 's', preferred_username: 'ada lovelace' }).username).toBeNull();
    expect(claimedProfile({ sub: 's', preferred_username: 'x'.repeat(60) }).username).toBeNull();
  });

  it('cuts an over-long name to the profile limit instead of refusing the sign-in', () => {
    expect(claimedProfile({ sub: 's', given_name: 'a'.repeat(150) }).firstName).toHaveLength(100);
  });
});
