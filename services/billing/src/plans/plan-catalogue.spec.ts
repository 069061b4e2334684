import { discountedCents, planOf, pricing, savingsOf } from './plan-catalogue';

describe('plan catalogue (spec §9)', () => {
  it('prices the three Pro plans in integer cents and shows them as dollars', () => {
    const p = pricing('test');
    expect([p.monthly.priceCents, p.quarterly.priceCents, p.yearly.priceCents]).toEqual([1999, 5499, 19999]);
    expect([p.monthly.displayPrice, p.quarterly.displayPrice, p.yearly.displayPrice]).toEqual([
      '$19.99',
      '$54.99',
      '$199.99',
    ]);
    expect(p.plans.map((plan) => plan.id)).toEqual(['free', 'monthly', 'quarterly', 'yearly']);
    expect(planOf('free').price).toBe('$0');
  });

  it("words the savings as the spec does: $5 against $59.97, $40 with '2 months free' and '16% discount'", () => {
    expect(savingsOf('monthly')).toBeNull();
    expect(savingsOf('quarterly')).toBe('Save $5 (vs $59.97)');
    expect(savingsOf('yearly')).toBe('Save $40 — 2 months free, 16% discount');
  });

  it('discounts to the cent and never below zero', () => {
    expect(discountedCents(1999, 100)).toBe(0);
    expect(discountedCents(1999, 50)).toBe(1000);
    expect(discountedCents(19999, 10)).toBe(17999);
  });
});
