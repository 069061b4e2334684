import { CrownFilled, WarningFilled } from '@ant-design/icons';
import type { CurrentUser } from '@originality/contracts';
import { App, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import type { Access } from '../../../lib/access';
import { toastFailure } from '../../../lib/global-errors';
import { toast } from '../../../lib/toast';
import { PlanSwitchDialog } from '../../plans';
import { useCancelSubscription } from '../api/cancel-subscription';

export const CANCEL_QUESTION =
  "Are you sure you want to cancel your subscription? You'll keep access until your current billing period ends.";

/** Spec §2 profile: 'Pro subscriber' with Cancel Subscription (and the plan switch) while active; past_due in yellow. */
export function SubscriptionControls({ user, access }: { user: CurrentUser; access: Access }) {
  const cancel = useCancelSubscription();
  const { modal } = App.useApp();
  const [switching, setSwitching] = useState(false);

  if (user.subscriptionStatus === 'past_due')
    return (
      <Tag color="warning" icon={<WarningFilled aria-hidden />} className="spaced-top">
        Payment past due
      </Tag>
    );
  if (!access.isVip) return null;

  const confirmCancel = () =>
    modal.confirm({
      title: 'Cancel Subscription',
      content: CANCEL_QUESTION,
      okText: 'Yes, cancel',
      cancelText: 'Keep my plan',
      onOk: () =>
        cancel.mutate(undefined, {
          onSuccess: (reply) =>
            toast({ title: 'Subscription Cancelled', description: reply.message, variant: 'success' }),
          onError: (error) => toastFailure('Cancellation Failed', error, 'Failed to cancel subscription'),
        }),
    });

  return (
    <Space wrap className="spaced-top">
      <Tag color="gold" icon={<CrownFilled aria-hidden />}>
        Pro subscriber
      </Tag>
      <Button onClick={() => setSwitching(true)}>Switch Plan</Button>
      <Button danger onClick={confirmCancel} loading={cancel.isPending}>
        Cancel Subscription
      </Button>
      <PlanSwitchDialog open={switching} user={user} onClose={() => setSwitching(false)} />
    </Space>
  );
}
