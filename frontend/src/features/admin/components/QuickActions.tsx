import { Card } from 'antd';
import { ButtonLink } from '../../../components/ButtonLink';

export const ADMIN_SECTIONS = [
  { path: '/admin/users', label: 'User Management' },
  { path: '/admin/uploads', label: 'Upload Management' },
  { path: '/admin/subscriptions', label: 'Subscription Management' },
  { path: '/admin/roles', label: 'Role Management' },
  { path: '/admin/coupons', label: 'Coupon Management' },
] as const;

export function QuickActions() {
  return (
    <Card title="Quick Actions">
      <nav className="quick-actions" aria-label="Admin sections">
        {ADMIN_SECTIONS.map((section) => (
          <ButtonLink key={section.path} to={section.path}>
            {section.label}
          </ButtonLink>
        ))}
      </nav>
    </Card>
  );
}
