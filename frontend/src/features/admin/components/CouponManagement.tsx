import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Coupon } from '@originality/contracts';
import { Alert, App, Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorDescription } from '../../../lib/api-client';
import { toastFailure } from '../../../lib/global-errors';
import { toast } from '../../../lib/toast';
import { useDeactivateCoupon } from '../api/deactivate-coupon';
import { useCoupons } from '../api/list-coupons';
import { AdminPageHeader } from './AdminPageHeader';
import { CouponManagementForm } from './CouponManagementForm';
import { CouponManagementRow } from './CouponManagementRow';

export const deactivateQuestion = (code: string) =>
  `Are you sure you want to deactivate coupon "${code}"? This action cannot be undone.`;

/** Spec §2 Coupon Management (/admin/coupons). */
export function CouponManagement() {
  const coupons = useCoupons();
  const deactivate = useDeactivateCoupon();
  const { modal } = App.useApp();
  const [creating, setCreating] = useState(false);

  const confirmDeactivate = (coupon: Coupon) =>
    modal.confirm({
      title: 'Deactivate Coupon',
      content: deactivateQuestion(coupon.code),
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: () =>
        deactivate.mutate(coupon.id, {
          onSuccess: () =>
            toast({
              title: 'Coupon Deactivated',
              description: 'The coupon has been deactivated successfully.',
              variant: 'success',
            }),
          onError: (error) => toastFailure('Deactivate Failed', error, 'Deactivate failed'),
        }),
    });

  const toggle = (
    <Button
      type={creating ? 'default' : 'primary'}
      icon={creating ? undefined : <PlusOutlined aria-hidden />}
      onClick={() => setCreating(!creating)}
    >
      {creating ? 'Cancel' : 'New Coupon'}
    </Button>
  );
  const refresh = (
    <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void coupons.refetch()} loading={coupons.isFetching}>
      Refresh
    </Button>
  );
  return (
    <div className="stack">
      <AdminPageHeader title="Coupon Management" actions={toggle} />
      {creating && (
        <Card title="New Coupon">
          <CouponManagementForm onCreated={() => setCreating(false)} />
        </Card>
      )}
      <Card title="Existing Coupons" extra={refresh}>
        {coupons.isLoading && <PageSpinner label="Loading coupons" />}
        {coupons.isError && (
          <Alert type="error" showIcon title={errorDescription(coupons.error, 'Failed to load coupons')} />
        )}
        {coupons.data && !coupons.data.length && <Empty description="No coupons created yet" />}
        {coupons.data && coupons.data.length > 0 && (
          <ul className="admin-list" aria-label="Coupons">
            {coupons.data.map((coupon) => (
              <CouponManagementRow
                key={coupon.id}
                coupon={coupon}
                deactivating={deactivate.isPending && deactivate.variables === coupon.id}
                onDeactivate={confirmDeactivate}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
