import { ArrowLeftOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Card } from 'antd';
import dayjs from 'dayjs';
import { ButtonLink } from '../../../components/ButtonLink';
import { SiteFooter } from '../../../components/SiteFooter';
import { SUPPORT_EMAIL } from '../../../lib/timings';

const SECTIONS: { title: string; body: string }[] = [
  {
    title: '1. Acceptance of Terms',
    body: 'By creating an account or using the service you agree to these terms. If you do not agree, do not use the service.',
  },
  {
    title: '2. Service Description',
    body: 'The service compares audio files you upload with published songs and reports an estimated originality percentage, sub-scores and a list of similar tracks.',
  },
  {
    title: '3. Limitations and Disclaimers',
    body: 'Results are automated estimates based on the catalogue available to the service. They can miss similar works and can flag coincidental likeness. They are not a legal opinion.',
  },
  {
    title: '4. User Responsibilities',
    body: 'You upload only audio you own or are entitled to use, and you remain responsible for how you publish and license your music.',
  },
  {
    title: '5. Privacy and Data',
    body: 'Uploaded files and results are kept private to your account and used only to provide the service. You can ask us to delete your data at any time.',
  },
  {
    title: '6. Limitation of Liability',
    body: 'The service is provided as is. We are not liable for decisions made on the basis of an originality estimate, including copyright claims against your releases.',
  },
  {
    title: '7. Changes to Terms',
    body: 'We may update these terms. The date below shows the latest version; continuing to use the service after a change means you accept it.',
  },
  {
    title: '8. Contact Information',
    body: `Questions about these terms: ${SUPPORT_EMAIL}.`,
  },
];

export function TermsPage() {
  return (
    <div className="page">
      <main className="page-content narrow">
        <ButtonLink to="/" icon={<ArrowLeftOutlined aria-hidden />}>
          Back to Home
        </ButtonLink>
        <h1>Terms and Conditions</h1>
        <p className="muted">Last updated: {dayjs().format('MMMM D, YYYY')}</p>
        <Alert
          type="warning"
          icon={<WarningOutlined aria-hidden />}
          showIcon
          title="Important disclaimer"
          description="Originality percentages are estimates. They are not guaranteed to be accurate and are not legal advice. You must hold the rights to everything you upload."
          className="terms-disclaimer"
        />
        {SECTIONS.map((section) => (
          <Card key={section.title} className="terms-section">
            <h2 className="card-title">{section.title}</h2>
            <p>{section.body}</p>
          </Card>
        ))}
      </main>
      <SiteFooter />
    </div>
  );
}
