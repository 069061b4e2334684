import { MailOutlined, ToolOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { PlainCard } from '../../../components/PlainCard';
import { SUPPORT_EMAIL } from '../../../lib/timings';

const BEING_UPDATED = ['Music Analysis Engine', 'User Dashboard'];

export function MaintenancePage() {
  return (
    <main className="centered-page">
      <PlainCard className="maintenance-card">
        <ToolOutlined className="maintenance-icon" aria-hidden />
        <h1>We're Upgrading Our Platform</h1>
        <p>We're making improvements to give you a better originality check. We launch in November 2025.</p>
        <h2 className="card-title">What's being updated</h2>
        <ul className="update-list">
          {BEING_UPDATED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Button icon={<MailOutlined aria-hidden />} href={`mailto:${SUPPORT_EMAIL}`}>
          Contact Support
        </Button>
      </PlainCard>
    </main>
  );
}
