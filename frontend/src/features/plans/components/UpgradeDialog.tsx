import type { CurrentUser, Plan } from '@originality/contracts';
import { Alert, Button, Input, Modal, Space, Spin } from 'antd';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { toastFailure } from '../../../lib/global-errors';
import { browser } from '../../../lib/navigation';
import { TIMINGS } from '../../../lib/timings';
import { toast } from '../../../lib/toast';
import { displayName, planName } from '../../../lib/user-display';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { usePricing } from '../api/get-pricing';
import { checkoutOutcome } from '../lib/checkout-outcome';
import { storedCoupon, storePendingSelection } from '../lib/pending-selection';
import { DEFAULT_MONTHLY_MAX, type PlanId } from '../lib/plans';
import { PlanCard } from './PlanCard';

export interface UpgradeDialogProps {
  open: boolean;
  user: CurrentUser | null;
  initialPlan?: PlanId;
  initialCoupon?: string;
  onClose(): void;
}

const PAYMENT_ERROR_FALLBACK = 'Failed to start subscription. Please try again.';
/** Spec §8: what a refused checkout says when the server gave no error text. */
const CHECKOUT_REFUSED = 'Failed to create checkout session';

/** Spec §2 usage line: what the user's plan allows each month. */
function UsageLine({ user }: { user: CurrentUser | null }) {
  const pro = user?.subscriptionStatus === 'active' || user?.subscriptionStatus === 'cancelled';
  return (
    <p className="muted">
      {pro
        ? 'Your plan includes unlimited song analyses each month.'
        : `The Free plan includes ${DEFAULT_MONTHLY_MAX} song analyses each month.`}
    </p>
  );
}

/**
 * Spec §2 upgrade dialog and §4 subscribe flow. A signed-out visitor who picks a paid plan is sent
 * to sign in with the choice kept in session storage; a signed-in user starts checkout.
 */
export function UpgradeDialog({ open, user, initialPlan, initialCoupon, onClose }: UpgradeDialogProps) {
  const navigate = useNavigate();
  const couponId = useId();
  const pricing = usePricing(open);
  const checkout = useCreateCheckoutSession();
  const [coupon, setCoupon] = useState('');
  const [chosen, setChosen] = useState<PlanId | null>(null);
  const autoTriggered = useRef(false);

  useEffect(() => {
    if (!open) return;
    setCoupon(initialCoupon ?? storedCoupon());
    setChosen(initialPlan ?? null);
    autoTriggered.current = false;
  }, [open, initialPlan, initialCoupon]);

  const applyCoupon = () => {
    const code = coupon.trim();
    if (!code) return;
    toast({
      title: 'Coupon Applied',
      description: `The code ${code} will be applied at checkout.`,
      durationMs: TIMINGS.couponAppliedToast,
    });
  };

  const startCheckout = useCallback(
    (plan: Plan, couponCode: string) => {
      const code = couponCode.trim();
      checkout.mutate(
        { planId: plan.id, planType: plan.id, ...(code ? { couponCode: code } : {}) },
        {
          onSuccess: (reply) => {
            const outcome = checkoutOutcome(reply);
            if (outcome.kind === 'activated') {
              toast({ title: 'Subscription Activated!', description: outcome.message, variant: 'success' });
              setTimeout(() => browser.assign(outcome.redirect), TIMINGS.afterActivationRedirect);
            } else if (outcome.kind === 'hosted-checkout') {
              browser.assign(outcome.url);
            } else {
              toast({ title: 'Payment Error', description: outcome.message, variant: 'destructive' });
            }
          },
          onError: (error) =>
            toastFailure('Payment Error', error, error instanceof ApiError ? CHECKOUT_REFUSED : PAYMENT_ERROR_FALLBACK),
        },
      );
    },
    [checkout],
  );

  const choose = (plan: Plan) => {
    setChosen(plan.id);
    if (user) return startCheckout(plan, coupon);
    toast({
      title: 'Sign In Required',
      description: `Please sign in to subscribe to ${plan.name}.`,
      variant: 'warning',
      durationMs: TIMINGS.signInRequiredToast,
    });
    storePendingSelection({ planId: plan.id, coupon: coupon.trim() });
    setTimeout(() => navigate('/login'), TIMINGS.signInNeededRedirect);
  };

  // Spec §4: a plan chosen before sign-in starts by itself 500 ms after the dialog opens.
  const plans = pricing.data?.plans;
  useEffect(() => {
    if (!open || !user || !initialPlan || !plans || autoTriggered.current) return;
    const plan = plans.find((p) => p.id === initialPlan && p.id !== 'free');
    if (!plan) return;
    autoTriggered.current = true;
    const couponCode = initialCoupon ?? storedCoupon();
    const timer = setTimeout(() => startCheckout(plan, couponCode), TIMINGS.planAutoTrigger);
    return () => clearTimeout(timer);
  }, [open, user, initialPlan, initialCoupon, plans, startCheckout]);

  const currentPlanId = user && user.subscriptionStatus === 'active' ? user.subscriptionTier : null;
  const processingId = checkout.isPending ? checkout.variables?.planId : undefined;
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={1000} title="Upgrade to Pro">
      {user && (
        <p>
          Hi {displayName(user, 'there')}, you're on the <strong>{planName(user)}</strong> plan.
        </p>
      )}
      <UsageLine user={user} />
      {pricing.isLoading && <Spin aria-label="Loading plans" />}
      {pricing.isError && <Alert type="error" showIcon title="The plans could not be loaded. Please try again." />}
      {plans && (
        <div className="plan-grid">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              selected={chosen === plan.id}
              current={plan.id === currentPlanId}
              processing={processingId === plan.id}
              disabled={checkout.isPending}
              onChoose={choose}
            />
          ))}
        </div>
      )}
      <Space.Compact className="coupon-row">
        <label htmlFor={couponId} className="visually-hidden">
          Coupon code
        </label>
        <Input id={couponId} placeholder="Coupon code" value={coupon} onChange={(e) => setCoupon(e.target.value)} />
        <Button onClick={applyCoupon} disabled={!coupon.trim()}>
          Apply
        </Button>
      </Space.Compact>
    </Modal>
  );
}
