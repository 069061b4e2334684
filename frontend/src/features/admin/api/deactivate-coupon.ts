import type { Coupon } from '@originality/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { couponsKey } from './list-coupons';

/** POST /api/admin/coupons/{id}/deactivate, then the list is refetched (spec §7). */
export function deactivateCoupon(id: string): Promise<Coupon> {
  return apiRequest<Coupon>('POST', `/api/admin/coupons/${encodeURIComponent(id)}/deactivate`);
}

export function useDeactivateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}
