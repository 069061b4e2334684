import { isLimitReached, usageCounter, usageLevel } from './usage';

describe('usage', () => {
  it('warns from 80% of the limit and stops at the limit', () => {
    expect(usageLevel({ current: 7, max: 10 })).toBe('ok');
    expect(usageLevel({ current: 8, max: 10 })).toBe('warning');
    expect(usageLevel({ current: 10, max: 10 })).toBe('limit');
    expect(isLimitReached({ current: 9, max: 10 })).toBe(false);
    expect(isLimitReached({ current: 11, max: 10 })).toBe(true);
  });

  it('never limits or warns an unlimited plan, and shows its max as ∞', () => {
    const pro = { current: 999_999, max: 999_999 };
    expect(usageLevel(pro)).toBe('ok');
    expect(isLimitReached(pro)).toBe(false);
    expect(usageCounter({ current: 42, max: 999_999 })).toBe('42/∞');
    expect(usageCounter({ current: 3, max: 10 })).toBe('3/10');
  });
});
