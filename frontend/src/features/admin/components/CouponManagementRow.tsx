import type { Coupon } from '@originality/contracts';
import { Button, Tag } from 'antd';
import { shortDate } from '../../../lib/user-display';

const DURATION_LABEL: Record<Coupon['duration'], string> = {
  once: 'One-time use',
  repeating: 'Repeating (monthly)',
  forever: 'Forever',
};

interface CouponRowProps {
  coupon: Coupon;
  deactivating: boolean;
  onDeactivate(coupon: Coupon): void;
}

/** One coupon in the Existing Coupons list (spec §2). */
export function CouponManagementRow({ coupon, deactivating, onDeactivate }: CouponRowProps) {
  return (
    <li className="admin-row" aria-label={coupon.code}>
      <span className={coupon.active ? 'status-dot status-dot--green' : 'status-dot status-dot--red'} aria-hidden />
      <div className="admin-row__main">
        <div className="admin-row__title">
          {coupon.code} <Tag color={coupon.active ? 'green' : 'red'}>{coupon.active ? 'Active' : 'Inactive'}</Tag>
        </div>
        <div className="muted">
          {coupon.discountPercent}% off · {DURATION_LABEL[coupon.duration]}
          {coupon.durationInMonths ? ` · ${coupon.durationInMonths} months` : ''} · Created{' '}
          {shortDate(coupon.createdAt)}
        </div>
        <div className="muted">
          Used: {coupon.currentRedemptions}
          {coupon.maxRedemptions !== null ? ` / ${coupon.maxRedemptions}` : ''}
        </div>
      </div>
      {coupon.active && (
        <div className="admin-row__actions">
          <Button size="small" danger loading={deactivating} onClick={() => onDeactivate(coupon)}>
            Deactivate
          </Button>
        </div>
      )}
    </li>
  );
}
