import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../info';
import { sectionAt } from '../lib/admin-sections';
import '../admin.css';
import { AdminOverview } from './AdminOverview';
import { RequirePermission } from './RequirePermission';
import { CouponManagement } from './CouponManagement';
import { RoleManagement } from './RoleManagement';
import { SubscriptionManagement } from './SubscriptionManagement';
import { UploadManagement } from './UploadManagement';
import { UserManagement } from './UserManagement';

/** A screen behind the permission its section needs (lib/admin-sections.ts). */
const guarded = (path: string, screen: ReactNode) => (
  <RequirePermission permission={sectionAt(path).permission}>{screen}</RequirePermission>
);

/** The admin screens under /admin (lazy-loaded; the caller has already checked admin access). */
export default function AdminConsole() {
  return (
    <Routes>
      <Route index element={<Navigate to="overview" replace />} />
      <Route path="overview" element={guarded('/admin/overview', <AdminOverview />)} />
      <Route path="users" element={guarded('/admin/users', <UserManagement />)} />
      <Route path="uploads" element={guarded('/admin/uploads', <UploadManagement />)} />
      <Route path="subscriptions" element={guarded('/admin/subscriptions', <SubscriptionManagement />)} />
      <Route path="roles" element={guarded('/admin/roles', <RoleManagement />)} />
      <Route path="coupons" element={guarded('/admin/coupons', <CouponManagement />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
