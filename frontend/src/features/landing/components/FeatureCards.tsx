import { AudioOutlined, ExperimentOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { PlainCard } from '../../../components/PlainCard';

const FEATURES: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: 'Smart Analysis',
    icon: <ExperimentOutlined />,
    text: 'Melody, rhythm, harmony and chord progressions are compared with published songs.',
  },
  {
    title: 'Real-time Results',
    icon: <ThunderboltOutlined />,
    text: 'An originality percentage and the closest matching tracks, usually within a few minutes.',
  },
  {
    title: 'Multiple Formats (MP3, MP4, WAV)',
    icon: <AudioOutlined />,
    text: 'Upload the file your AI tool produced, up to 50 MB.',
  },
];

export function FeatureCards() {
  return (
    <section className="feature-grid" aria-label="Features">
      {FEATURES.map((feature) => (
        <PlainCard key={feature.title} className="feature-card">
          <span className="feature-icon" aria-hidden>
            {feature.icon}
          </span>
          <h2 className="card-title">{feature.title}</h2>
          <p>{feature.text}</p>
        </PlainCard>
      ))}
    </section>
  );
}
