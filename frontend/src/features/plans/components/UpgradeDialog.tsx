import type { CurrentUser } from '@originality/contracts';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TIMINGS } from '../../../lib/timings';
import { toast } from '../../../lib/toast';
import { displayName, planName } from '../../../lib/user-display';
import { storedCoupon, storePendingSelection } from '../lib/pending-selection';
import { PLANS, type Plan, type PlanId } from '../lib/plans';
import { PlanCard } from './PlanCard';

export interface UpgradeDialogProps {
  open: boolean;
  user: CurrentUser | null;
  initialPlan?: PlanId;
  initialCoupon?: string;
  onClose(): void;
}

/**
 * Spec §2 upgrade dialog. A signed-out visitor who picks a paid plan is sent to sign in with the
 * choice kept in session storage. Checkout itself arrives with billing, and the dialog says so.
 */
export function UpgradeDialog({ open, user, initialPlan, initialCoupon, onClose }: UpgradeDialogProps) {
  const navigate = useNavigate();
  const couponId = useId();
  const [coupon, setCoupon] = useState('');
  const [chosen, setChosen] = useState<Plan | null>(null);

  useEffect(() => {
    if (!open) return;
    setCoupon(initialCoupon ?? storedCoupon());
    setChosen(PLANS.find((plan) => plan.id === initialPlan) ?? null);
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

  const choose = (plan: Plan) => {
    setChosen(plan);
    if (user) return;
    toast({
      title: 'Sign In Required',
      description: `Please sign in to subscribe to ${plan.name}.`,
      variant: 'warning',
      durationMs: TIMINGS.signInRequiredToast,
    });
    storePendingSelection({ planId: plan.id, coupon: coupon.trim() });
    setTimeout(() => navigate('/login'), TIMINGS.signInNeededRedirect);
  };

  const currentPlanId = user && user.subscriptionStatus === 'active' ? user.subscriptionTier : null;
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={1000} title="Upgrade to Pro">
      {user && (
        <p>
          Hi {displayName(user, 'there')}, you're on the <strong>{planName(user)}</strong> plan.
        </p>
      )}
      {user && chosen && (
        <Alert
          type="info"
          showIcon
          className="spaced-bottom"
          title={`Checkout for ${chosen.name} opens with billing in a later release.`}
          description="No payment has been taken and your plan has not changed."
        />
      )}
      <div className="plan-grid">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            selected={chosen?.id === plan.id}
            current={plan.id === currentPlanId}
            onChoose={choose}
          />
        ))}
      </div>
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
