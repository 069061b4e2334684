import { COUPON_DURATIONS, COUPON_RULES, type CouponCreateRequest, type CouponDuration } from '@originality/contracts';
import { DomainError } from '@originality/platform';

/** A coupon as it will be stored: every spec §5 rule already checked. */
export interface NewCoupon {
  code: string;
  discountPercent: number;
  duration: CouponDuration;
  durationInMonths: number | null;
  maxRedemptions: number | null;
}

const wholeNumber = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

/** The coupon code as stored and matched: trimmed and upper case (spec §5). */
export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();

/**
 * Spec §5 coupon form rules, checked again on the server: code required (trimmed, upper case),
 * 1–100 %, a known duration, months ≥ 1 only for repeating, max uses ≥ 1 when given.
 */
export function newCoupon(request: CouponCreateRequest): NewCoupon {
  const code = normaliseCouponCode(request.code);
  if (!code) throw DomainError.validation('Coupon code is required.', { field: 'code' });
  if (code.length > COUPON_RULES.codeMaxLength)
    throw DomainError.validation(`Coupon code must be at most ${COUPON_RULES.codeMaxLength} characters.`, {
      field: 'code',
    });
  if (!new RegExp(COUPON_RULES.codePattern).test(code))
    throw DomainError.validation('Coupon code may contain only letters, digits, dash and underscore.', {
      field: 'code',
    });
  const percent = wholeNumber(request.discountPercent);
  if (percent === null || percent < COUPON_RULES.minPercent || percent > COUPON_RULES.maxPercent)
    throw DomainError.validation('Discount percent must be a whole number from 1 to 100.', {
      field: 'discountPercent',
    });
  if (!(COUPON_DURATIONS as readonly string[]).includes(request.duration))
    throw DomainError.validation(`Duration must be one of: ${COUPON_DURATIONS.join(', ')}.`, { field: 'duration' });
  const duration = request.duration as CouponDuration;
  let durationInMonths: number | null = null;
  if (duration === 'repeating') {
    const months = wholeNumber(request.durationInMonths);
    if (months === null || months < COUPON_RULES.minMonths || months > COUPON_RULES.maxMonths)
      throw DomainError.validation(`A repeating coupon needs a duration of 1 to ${COUPON_RULES.maxMonths} months.`, {
        field: 'durationInMonths',
      });
    durationInMonths = months;
  } else if (request.durationInMonths !== undefined && request.durationInMonths !== null) {
    throw DomainError.validation('Duration in months applies only to repeating coupons.', {
      field: 'durationInMonths',
    });
  }
  let maxRedemptions: number | null = null;
  if (request.maxRedemptions !== undefined && request.maxRedemptions !== null) {
    const max = wholeNumber(request.maxRedemptions);
    if (max === null || max < COUPON_RULES.minRedemptions)
      throw DomainError.validation('Max uses must be a whole number of at least 1.', { field: 'maxRedemptions' });
    maxRedemptions = max;
  }
  return { code, discountPercent: percent, duration, durationInMonths, maxRedemptions };
}
