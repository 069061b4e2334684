import { Card } from 'antd';
import { ButtonLink } from '../../../components/ButtonLink';
import { useAccess } from '../../auth';
import { ADMIN_SECTIONS } from '../lib/admin-sections';

/** Links to the admin sections the current user may open. */
export function QuickActions() {
  const { access } = useAccess();
  const sections = ADMIN_SECTIONS.filter((s) => s.quickAction && access.permissions.has(s.permission));
  return (
    <Card title="Quick Actions">
      <nav className="quick-actions" aria-label="Admin sections">
        {sections.map((section) => (
          <ButtonLink key={section.path} to={section.path}>
            {section.label}
          </ButtonLink>
        ))}
      </nav>
    </Card>
  );
}
