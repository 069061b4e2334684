import type { CheckoutRequest, CheckoutResponse } from '@originality/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/create-checkout-session → activated at once (`success`, `redirect`) or a hosted checkout (`sessionId`). */
export function createCheckoutSession(request: CheckoutRequest): Promise<CheckoutResponse> {
  return apiRequest<CheckoutResponse>('POST', '/api/create-checkout-session', request);
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
