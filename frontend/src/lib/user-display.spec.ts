import { displayName, fullDate, fullName, memberSinceMonth, planName } from './user-display';
import { aUser } from '../test/factories';

describe('user display', () => {
  it('names the user by first name, then last name, then the fallback', () => {
    expect(displayName({ firstName: 'Casey', lastName: 'Creator' })).toBe('Casey');
    expect(displayName({ firstName: null, lastName: 'Creator' })).toBe('Creator');
    expect(displayName({ firstName: '  ', lastName: null })).toBe('User');
    expect(displayName({ firstName: null, lastName: null }, 'there')).toBe('there');
  });

  it('joins first and last name, or gives null when there is neither', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'King Lovelace' })).toBe('Ada King Lovelace');
    expect(fullName({ firstName: null, lastName: 'Lovelace' })).toBe('Lovelace');
    expect(fullName({ firstName: null, lastName: null })).toBeNull();
  });

  it('names the plan only while the subscription is active', () => {
    expect(planName(aUser({ subscriptionStatus: 'active', subscriptionTier: 'monthly' }))).toBe('Pro Monthly');
    expect(planName(aUser({ subscriptionStatus: 'active', subscriptionTier: 'yearly' }))).toBe('Pro Yearly');
    expect(planName(aUser({ subscriptionStatus: 'cancelled', subscriptionTier: 'yearly' }))).toBe('Free');
    expect(planName(aUser())).toBe('Free');
  });

  it("formats member-since as month and year, or 'Unknown'", () => {
    expect(memberSinceMonth('2025-03-07T10:00:00.000Z')).toBe('March 2025');
    expect(memberSinceMonth(null)).toBe('Unknown');
    expect(memberSinceMonth('not a date')).toBe('Unknown');
    expect(fullDate('2025-03-07T10:00:00.000Z')).toBe('March 7, 2025');
  });
});
