import type { Usage } from '@originality/contracts';
import { Alert, Button } from 'antd';
import { useUpgradeDialog } from '../../plans';
import { usageLevel } from '../lib/usage';

/** Spec §2/§9: yellow from 80% of the limit, red 'Upload Limit Reached' at it. Nothing below 80%. */
export function UsageBanner({ usage }: { usage: Usage }) {
  const openUpgrade = useUpgradeDialog();
  const level = usageLevel(usage);
  if (level === 'ok') return null;
  const used = `You've used ${usage.current} of ${usage.max} free uploads this month.`;
  return (
    <Alert
      type={level === 'limit' ? 'error' : 'warning'}
      showIcon
      title={level === 'limit' ? 'Upload Limit Reached' : 'Approaching Your Monthly Limit'}
      description={level === 'limit' ? `${used} Upgrade to Pro for unlimited analyses.` : used}
      action={
        <Button type="primary" onClick={() => openUpgrade()}>
          Upgrade Now
        </Button>
      }
    />
  );
}
