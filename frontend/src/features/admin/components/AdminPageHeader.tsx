import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';

interface AdminPageHeaderProps {
  title: string;
  intro?: string;
  /** Spec §2: sub-pages have a back link to /admin. */
  backLink?: boolean;
  actions?: ReactNode;
}

export function AdminPageHeader({ title, intro, backLink = true, actions }: AdminPageHeaderProps) {
  return (
    <div className="admin-page-header">
      {backLink && (
        <ButtonLink to="/admin" type="link" icon={<ArrowLeftOutlined aria-hidden />} className="back-link">
          Back to Admin
        </ButtonLink>
      )}
      <div className="admin-page-header__row">
        <h1>{title}</h1>
        {actions}
      </div>
      {intro && <p className="muted">{intro}</p>}
    </div>
  );
}
