import { isPlanId, type PlanId } from './plans';

/** Spec §3 session-storage selections: kept while a signed-out visitor goes through sign-in. */
const PLAN_KEY = 'selectedPlan';
const COUPON_KEY = 'selectedCoupon';

export interface PendingSelection {
  planId: PlanId;
  coupon: string;
}

export function storePendingSelection({ planId, coupon }: PendingSelection): void {
  sessionStorage.setItem(PLAN_KEY, planId);
  if (coupon) sessionStorage.setItem(COUPON_KEY, coupon);
  else sessionStorage.removeItem(COUPON_KEY);
}

/** The stored choice, or null when there is none (or it names no known plan). */
export function readPendingSelection(): PendingSelection | null {
  const planId = sessionStorage.getItem(PLAN_KEY) ?? '';
  if (!isPlanId(planId)) return null;
  return { planId, coupon: sessionStorage.getItem(COUPON_KEY) ?? '' };
}

export function clearPendingSelection(): void {
  sessionStorage.removeItem(PLAN_KEY);
  sessionStorage.removeItem(COUPON_KEY);
}

/** The coupon a visitor entered before, read when the dialog opens. */
export const storedCoupon = (): string => sessionStorage.getItem(COUPON_KEY) ?? '';
