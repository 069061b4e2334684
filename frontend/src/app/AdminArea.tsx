import { Suspense } from 'react';
import { AccessDenied } from '../components/AccessDenied';
import { PageSpinner } from '../components/PageSpinner';
import { AdminConsole } from '../features/admin';
import type { Access } from '../lib/access';

/** Every admin screen asks the same flag first (spec §6); anyone else sees 'Access Denied'. */
export function AdminArea({ access }: { access: Access }) {
  if (!access.canAccessAdmin) return <AccessDenied />;
  return (
    <Suspense fallback={<PageSpinner label="Loading the admin console" />}>
      <AdminConsole />
    </Suspense>
  );
}
