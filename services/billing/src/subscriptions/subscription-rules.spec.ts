import { NO_SUBSCRIPTION, monthlyAnalysesOf, periodEndFrom, subscriptionView } from './subscription-rules';

const now = new Date('2026-03-10T12:00:00Z');
const later = new Date('2026-04-10T12:00:00Z');
const earlier = new Date('2026-03-01T12:00:00Z');
const pro = { ...NO_SUBSCRIPTION, tier: 'monthly' as const, status: 'active' as const, currentPeriodEnd: later };

describe('subscription rules (spec §4)', () => {
  it('gives 10 analyses on Free and 999999 while Pro is active or cancelled but paid up', () => {
    expect(monthlyAnalysesOf(null, now)).toBe(10);
    expect(monthlyAnalysesOf(pro, now)).toBe(999999);
    expect(monthlyAnalysesOf({ ...pro, status: 'cancelled' }, now)).toBe(999999);
    expect(monthlyAnalysesOf({ ...pro, status: 'cancelled', currentPeriodEnd: earlier }, now)).toBe(10);
    expect(monthlyAnalysesOf({ ...pro, status: 'past_due' }, now)).toBe(10);
  });

  it('shows a cancelled subscription as cancelled until its period ends, then as Free', () => {
    expect(subscriptionView('u', { ...pro, status: 'cancelled' }, now)).toMatchObject({
      subscriptionTier: 'monthly',
      subscriptionStatus: 'cancelled',
      subscriptionEndsAt: later.toISOString(),
    });
    expect(subscriptionView('u', { ...pro, status: 'cancelled', currentPeriodEnd: earlier }, now)).toMatchObject({
      subscriptionTier: 'free',
      subscriptionStatus: 'inactive',
      subscriptionPrice: null,
    });
    expect(subscriptionView('u', null, now)).toMatchObject({
      subscriptionTier: 'free',
      subscriptionStatus: 'inactive',
    });
  });

  it('ends a period after whole calendar months', () => {
    expect(periodEndFrom(new Date('2026-01-15T08:00:00Z'), 'quarterly').toISOString()).toBe('2026-04-15T08:00:00.000Z');
    expect(periodEndFrom(new Date('2026-01-15T08:00:00Z'), 'yearly').toISOString()).toBe('2027-01-15T08:00:00.000Z');
  });
});
