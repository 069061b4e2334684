import type { CurrentUser, Plan } from '@originality/contracts';
import { Alert, Button, Descriptions, Modal, Spin } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../../lib/global-errors';
import { TIMINGS } from '../../../lib/timings';
import { toast } from '../../../lib/toast';
import { fullDate, planName } from '../../../lib/user-display';
import { usePricing } from '../api/get-pricing';
import { useSchedulePlanChange } from '../api/schedule-plan-change';
import { isPaidPlan } from '../lib/plans';

interface PlanSwitchDialogProps {
  open: boolean;
  user: CurrentUser;
  onClose(): void;
}

/** Spec §2 plan-switch dialog: pick a plan, then confirm; the change starts with the next billing cycle. */
export function PlanSwitchDialog({ open, user, onClose }: PlanSwitchDialogProps) {
  const pricing = usePricing(open);
  const change = useSchedulePlanChange();
  const [picked, setPicked] = useState<Plan | null>(null);
  const close = () => {
    setPicked(null);
    onClose();
  };

  const pick = (plan: Plan) => {
    if (plan.id === user.subscriptionTier) {
      toast({ title: 'Same Plan Selected', description: `You are already on ${plan.name}.`, variant: 'warning' });
      return;
    }
    setPicked(plan);
  };

  const confirm = (plan: Plan) =>
    change.mutate(
      { newPlan: plan.id, currentPlan: user.subscriptionTier },
      {
        onSuccess: (reply) => {
          toast({
            title: 'Plan Switch Scheduled!',
            description: reply.message,
            variant: 'success',
            durationMs: TIMINGS.planSwitchScheduledToast,
          });
          close();
        },
        onError: (error) => toastFailure('Error', error, 'Failed to schedule plan change. Please try again.'),
      },
    );

  const paidPlans = pricing.data?.plans.filter((plan) => isPaidPlan(plan.id)) ?? [];
  return (
    <>
      <Modal open={open && !picked} onCancel={close} footer={null} title="Switch Plan">
        {pricing.isLoading && <Spin aria-label="Loading plans" />}
        <div className="stack">
          {paidPlans.map((plan) => (
            <Button key={plan.id} block onClick={() => pick(plan)}>
              {plan.name} — {plan.price} {plan.period}
            </Button>
          ))}
        </div>
      </Modal>
      <Modal
        open={open && picked !== null}
        onCancel={() => setPicked(null)}
        title="Confirm Plan Switch"
        okText="Confirm Switch"
        okButtonProps={{ loading: change.isPending }}
        onOk={() => picked && confirm(picked)}
      >
        {picked && (
          <>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Current plan">{planName(user)}</Descriptions.Item>
              <Descriptions.Item label="New plan">{picked.name}</Descriptions.Item>
              <Descriptions.Item label="Effective date">{fullDate(user.subscriptionEndsAt)}</Descriptions.Item>
            </Descriptions>
            <Alert
              type="warning"
              showIcon
              title="The switch happens at the end of your current billing cycle."
              description={`You keep ${planName(user)} until then; from that date you are billed ${picked.price} ${picked.period}.`}
            />
          </>
        )}
      </Modal>
    </>
  );
}
