import type { Coupon, CouponCreateRequest } from '@originality/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { couponsKey } from './list-coupons';

/** POST /api/admin/coupons, then the list is refetched (spec §7). */
export function createCoupon(request: CouponCreateRequest): Promise<Coupon> {
  return apiRequest<Coupon>('POST', '/api/admin/coupons', request);
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}
