import { activityScore, revenueFigures } from './admin-analytics';

describe('admin revenue (spec §9)', () => {
  it('prices a yearly plan at $199 a year, about 16.58 a month, and a monthly one at $19.99', () => {
    expect(revenueFigures({ monthly: 0, yearly: 1, activeSubscriptions: 1, totalUsers: 1 })).toMatchObject({
      yearlyPlansMonthlyRevenue: 16.58,
      estimatedMonthlyRevenue: 16.58,
      estimatedYearlyRevenue: 199,
    });
    expect(revenueFigures({ monthly: 1, yearly: 0, activeSubscriptions: 1, totalUsers: 1 })).toMatchObject({
      monthlyPlansRevenue: 19.99,
      estimatedMonthlyRevenue: 19.99,
      estimatedYearlyRevenue: 240,
    });
  });

  it('rounds MRR to 2 decimals and ARR to 0 from the exact sum, with conversion and ARPU per user', () => {
    // 3 × 19.99 + 2 × 199 / 12 = 59.97 + 33.1666… = 93.1366… a month; 1117.64 a year.
    expect(revenueFigures({ monthly: 3, yearly: 2, activeSubscriptions: 5, totalUsers: 8 })).toEqual({
      monthlyPlansRevenue: 59.97,
      yearlyPlansMonthlyRevenue: 33.17,
      estimatedMonthlyRevenue: 93.14,
      estimatedYearlyRevenue: 1118,
      conversionRate: 62.5,
      avgRevenuePerUser: 11.64,
    });
  });

  it('is all zero without users or subscriptions', () => {
    expect(revenueFigures({ monthly: 0, yearly: 0, activeSubscriptions: 0, totalUsers: 0 })).toEqual({
      monthlyPlansRevenue: 0,
      yearlyPlansMonthlyRevenue: 0,
      estimatedMonthlyRevenue: 0,
      estimatedYearlyRevenue: 0,
      conversionRate: 0,
      avgRevenuePerUser: 0,
    });
  });

  it('keeps cents exact for many subscriptions', () => {
    // 1000 × 19.99 = 19990 exactly (floating point alone gives 19989.999…).
    expect(revenueFigures({ monthly: 1000, yearly: 0, activeSubscriptions: 1000, totalUsers: 3000 })).toMatchObject({
      estimatedMonthlyRevenue: 19990,
      estimatedYearlyRevenue: 239880,
      conversionRate: 33.3,
      avgRevenuePerUser: 6.66,
    });
  });
});

describe('activity score', () => {
  it('weighs a registration twice an upload', () => {
    expect(activityScore(3, 0)).toBe(3);
    expect(activityScore(0, 1)).toBe(2);
    expect(activityScore(4, 2)).toBe(8);
  });
});
