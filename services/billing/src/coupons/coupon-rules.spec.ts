import { DomainError } from '@originality/platform';
import { newCoupon } from './coupon-rules';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('coupon rules (spec §5)', () => {
  it('trims and upper-cases the code and reads the percent sent as a string', () => {
    expect(newCoupon({ code: '  welcome50 ', discountPercent: '50', duration: 'once' })).toEqual({
      code: 'WELCOME50',
      discountPercent: 50,
      duration: 'once',
      durationInMonths: null,
      maxRedemptions: null,
    });
    expect(
      newCoupon({ code: 'x', discountPercent: 10, duration: 'repeating', durationInMonths: 3, maxRedemptions: 5 }),
    ).toMatchObject({ durationInMonths: 3, maxRedemptions: 5 });
  });

  it.each([
    [{ code: '   ', discountPercent: '10', duration: 'once' }, 'Coupon code is required.'],
    [{ code: 'A B', discountPercent: '10', duration: 'once' }, 'Coupon code may contain only'],
    [{ code: 'A', discountPercent: '0', duration: 'once' }, 'Discount percent must be'],
    [{ code: 'A', discountPercent: '101', duration: 'once' }, 'Discount percent must be'],
    [{ code: 'A', discountPercent: '12.5', duration: 'once' }, 'Discount percent must be'],
    [{ code: 'A', discountPercent: 'ten', duration: 'once' }, 'Discount percent must be'],
    [{ code: 'A', discountPercent: '10', duration: 'weekly' }, 'Duration must be one of'],
    [{ code: 'A', discountPercent: '10', duration: 'repeating' }, 'A repeating coupon needs'],
    [{ code: 'A', discountPercent: '10', duration: 'repeating', durationInMonths: 0 }, 'A repeating coupon needs'],
    [{ code: 'A', discountPercent: '10', duration: 'forever', durationInMonths: 2 }, 'only to repeating'],
    [{ code: 'A', discountPercent: '10', duration: 'once', maxRedemptions: 0 }, 'Max uses must be'],
  ])('refuses %j', (request, message) => {
    const { code, message: text } = refusal(() => newCoupon(request));
    expect(code).toBe('VALIDATION');
    expect(text).toContain(message);
  });
});
