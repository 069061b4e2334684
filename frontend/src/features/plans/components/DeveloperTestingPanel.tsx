import type { CurrentUser, EngineInfo } from '@originality/contracts';
import { Button, Card, Descriptions } from 'antd';
import { useState } from 'react';
import { TIMINGS } from '../../../lib/timings';
import { toast } from '../../../lib/toast';
import { useCreateTestCoupon } from '../api/create-test-coupon';
import { useEngineInfo } from '../api/get-engine-info';
import { usePricing } from '../api/get-pricing';

type TestCouponState = 'idle' | 'creating' | 'created';

const BUTTON_LABEL: Record<TestCouponState, string> = {
  idle: 'Create Test Coupon',
  creating: 'Creating...',
  created: 'Test Coupon Created',
};

/** Spec §2 developer testing panel; shown only when the server runs outside production. */
export function DeveloperTestingPanel({ user }: { user: CurrentUser }) {
  const pricing = usePricing();
  const create = useCreateTestCoupon();
  const [state, setState] = useState<TestCouponState>('idle');
  const environment = pricing.data?.environment;
  const shown = !!environment && environment !== 'production';
  const engine = useEngineInfo(shown);
  if (!shown) return null;

  const createCoupon = () => {
    setState('creating');
    create.mutate(undefined, {
      onSuccess: (coupon) => {
        setState('created');
        toast({
          title: 'Test Coupon Created!',
          description: `Use ${coupon.code} at checkout for ${coupon.discountPercent}% off.`,
          variant: 'success',
          durationMs: TIMINGS.testCouponCreatedToast,
        });
      },
      onError: () => {
        setState('idle');
        toast({
          title: 'Error',
          description: 'Failed to create test coupon. Are you authorized?',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Card title={<h2 className="card-title">Developer Testing</h2>} aria-label="Developer testing">
      <Button onClick={createCoupon} disabled={state !== 'idle'} loading={state === 'creating'}>
        {BUTTON_LABEL[state]}
      </Button>
      <ol className="spaced-top">
        <li>Create the test coupon TESTFREE100 (100% off, developer only).</li>
        <li>Open Upgrade, enter TESTFREE100 and choose a Pro plan: it activates without payment.</li>
        <li>Upload an MP3, MP4 or WAV song to run a real analysis against the reference catalogue.</li>
      </ol>
      <Descriptions column={1} size="small" title="Debug info">
        <Descriptions.Item label="User id">{user.id}</Descriptions.Item>
        <Descriptions.Item label="Environment">{environment}</Descriptions.Item>
        <Descriptions.Item label="Engine version">
          {engineField(engine, (info) => info.engineVersion)}
        </Descriptions.Item>
        <Descriptions.Item label="Catalogue size">
          {engineField(engine, (info) => `${info.catalogue.size.toLocaleString('en-US')} tracks`)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** One engine fact, or why it is missing (the analysis service may be down while the rest works). */
function engineField(engine: ReturnType<typeof useEngineInfo>, read: (info: EngineInfo) => string): string {
  if (engine.data) return read(engine.data);
  return engine.isError ? 'unavailable' : 'loading…';
}
