import type { CheckoutResponse } from '@originality/contracts';

export type CheckoutOutcome =
  | { kind: 'activated'; redirect: string; message?: string }
  | { kind: 'hosted-checkout'; url: string }
  | { kind: 'invalid'; message: string };

/** Spec §4 subscribe flow: activated with a redirect, the hosted checkout for a session, else an error. */
export function checkoutOutcome(reply: CheckoutResponse | undefined): CheckoutOutcome {
  if (reply?.success && reply.redirect) return { kind: 'activated', redirect: reply.redirect, message: reply.message };
  if (reply?.sessionId && reply.url) return { kind: 'hosted-checkout', url: reply.url };
  return { kind: 'invalid', message: 'Invalid response from server' };
}
