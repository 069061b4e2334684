import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../info';
import { AdminOverview } from './AdminOverview';
import { ComingLater } from './ComingLater';
import { CouponManagement } from './CouponManagement';
import { RoleManagement } from './RoleManagement';
import { UserManagement } from './UserManagement';

/** The admin screens under /admin (lazy-loaded; the caller has already checked access). */
export default function AdminConsole() {
  return (
    <Routes>
      <Route index element={<Navigate to="overview" replace />} />
      <Route path="overview" element={<AdminOverview />} />
      <Route path="users" element={<UserManagement />} />
      <Route path="uploads" element={<ComingLater title="Upload Management" what="Upload management" />} />
      <Route
        path="subscriptions"
        element={<ComingLater title="Subscription Management" what="Subscription management" />}
      />
      <Route path="roles" element={<RoleManagement />} />
      <Route path="coupons" element={<CouponManagement />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
