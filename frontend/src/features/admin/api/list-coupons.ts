import type { Coupon } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const couponsKey = ['/api/admin/coupons'] as const;

/** GET /api/admin/coupons. */
export async function listCoupons(): Promise<Coupon[]> {
  return (await apiGet<Coupon[]>(couponsKey)) ?? [];
}

export function useCoupons() {
  return useQuery({ queryKey: couponsKey, queryFn: listCoupons });
}
