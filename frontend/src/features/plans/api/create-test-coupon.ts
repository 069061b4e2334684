import type { Coupon } from '@originality/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/create-test-coupon: TESTFREE100 (developer only; the server refuses it in production). */
export function createTestCoupon(): Promise<Coupon> {
  return apiRequest<Coupon>('POST', '/api/create-test-coupon');
}

export function useCreateTestCoupon() {
  return useMutation({ mutationFn: createTestCoupon });
}
