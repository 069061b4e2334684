import type { PricingResponse } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const pricingKey = ['/api/subscription/pricing'] as const;

/** Spec §7: the price list is cached for 5 minutes. */
export const PRICING_CACHE_MS = 5 * 60 * 1000;

/** GET /api/subscription/pricing: the plan cards and their prices (billing is the one source). */
export async function getPricing(): Promise<PricingResponse> {
  const pricing = await apiGet<PricingResponse>(pricingKey);
  if (!pricing) throw new Error('Empty price list');
  return pricing;
}

export function usePricing(enabled = true) {
  return useQuery({
    queryKey: pricingKey,
    queryFn: getPricing,
    staleTime: PRICING_CACHE_MS,
    gcTime: PRICING_CACHE_MS,
    enabled,
  });
}
