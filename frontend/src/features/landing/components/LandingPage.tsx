import { Button } from 'antd';
import { SiteFooter } from '../../../components/SiteFooter';
import { useAccess } from '../../auth';
import { useUpgradeDialog } from '../../plans';
import { FeatureCards } from './FeatureCards';
import { LandingHeader } from './LandingHeader';

export function LandingPage() {
  const { access } = useAccess();
  const openUpgrade = useUpgradeDialog();
  return (
    <div className="page">
      <LandingHeader access={access} />
      <main className="page-content">
        <section className="hero">
          <h1>AI Music Originality Checker</h1>
          <p className="hero-text">
            Upload your AI-generated track and see how original it is before you publish: an originality score and the
            published songs it sounds closest to.
          </p>
          <Button type="primary" size="large" onClick={() => openUpgrade()}>
            Get Started
          </Button>
        </section>
        <FeatureCards />
      </main>
      <SiteFooter />
    </div>
  );
}
