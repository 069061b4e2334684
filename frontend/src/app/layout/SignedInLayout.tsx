import type { CurrentUser } from '@originality/contracts';
import type { ReactNode } from 'react';
import { SiteFooter } from '../../components/SiteFooter';
import type { Access } from '../../lib/access';
import { AppHeader } from './AppHeader';

export function SignedInLayout({ user, access, children }: { user: CurrentUser; access: Access; children: ReactNode }) {
  return (
    <div className="page">
      <AppHeader user={user} access={access} />
      <main className="page-content">{children}</main>
      <SiteFooter />
    </div>
  );
}
