import type { CurrentUser } from '@originality/contracts';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { SiteFooter } from '../../components/SiteFooter';
import type { Access } from '../../lib/access';
import { AppHeader } from './AppHeader';

/**
 * The signed-in pages' frame. antd's App (the context behind App.useApp()'s modal and message) starts here rather
 * than in Providers: it loads antd's Modal, which the landing and login pages do without.
 */
export function SignedInLayout({ user, access, children }: { user: CurrentUser; access: Access; children: ReactNode }) {
  return (
    <AntApp className="page">
      <AppHeader user={user} access={access} />
      <main className="page-content">{children}</main>
      <SiteFooter />
    </AntApp>
  );
}
