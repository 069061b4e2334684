import type { CurrentUser } from '@originality/contracts';
import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { LoginPage, useAccess } from '../features/auth';
import { LandingPage } from '../features/landing';
import { MaintenancePage, useMaintenanceStatus } from '../features/maintenance';
import { UpgradeDialogProvider } from '../features/plans';
import type { Access } from '../lib/access';
import {
  AdminArea,
  HisaraiPage,
  HomePage,
  NotFoundPage,
  ProfilePage,
  SignedInLayout,
  TermsPage,
  VersionDiffPage,
} from './lazy-pages';

/** The path that always answers, maintenance or not (spec §2). */
export const MAINTENANCE_BYPASS_PATH = '/hisarai';

function signedInRoutes(user: CurrentUser, access: Access) {
  const inLayout = (page: ReactNode) => (
    <SignedInLayout user={user} access={access}>
      {page}
    </SignedInLayout>
  );
  return (
    <>
      <Route path="/" element={inLayout(<HomePage user={user} access={access} />)} />
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route path="/profile" element={inLayout(<ProfilePage user={user} access={access} />)} />
      <Route path="/admin/*" element={inLayout(<AdminArea access={access} />)} />
      <Route path="/compare/:uploadId" element={inLayout(<VersionDiffPage />)} />
    </>
  );
}

function signedOutRoutes() {
  return (
    <>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
    </>
  );
}

/**
 * Spec §2 route table and maintenance gating: a spinner while the account loads; then (for anyone
 * but the super administrator) the maintenance state, and while it is on only the maintenance page
 * — except on /hisarai. Signed-in routes do not exist for visitors (they get the 404 page).
 */
export function AppRoutes() {
  const { user, access, isLoading } = useAccess();
  const { pathname } = useLocation();
  const maintenance = useMaintenanceStatus({ enabled: !isLoading && !access.bypassesMaintenance });

  if (isLoading) return <PageSpinner label="Loading your account" />;
  if (!access.bypassesMaintenance && pathname !== MAINTENANCE_BYPASS_PATH) {
    if (maintenance.isLoading) return <PageSpinner label="Checking site status" />;
    if (maintenance.data?.enabled) return <MaintenancePage />;
  }
  return (
    <UpgradeDialogProvider user={user}>
      <Suspense fallback={<PageSpinner label="Loading the page" />}>
        <Routes>
          {user ? signedInRoutes(user, access) : signedOutRoutes()}
          <Route path="/landing" element={<LandingPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/maintenance" element={<MaintenancePage />} />
          <Route path={MAINTENANCE_BYPASS_PATH} element={<HisaraiPage access={access} />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </UpgradeDialogProvider>
  );
}
