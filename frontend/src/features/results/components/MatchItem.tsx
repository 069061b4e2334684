import { CheckOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { TrackMatch } from '@originality/contracts';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../lib/timings';
import { similarityTone } from '../lib/labels';
import { previewSearchUrl } from '../lib/track-preview';
import { DimensionEvidence } from './DimensionEvidence';

const TONE_COLOUR = { high: 'red', notable: 'gold', low: 'default' } as const;

/** One similar track: similarity, 'high match', the evidence per dimension, and the preview link. */
export function MatchItem({ match, tempoBpm }: { match: TrackMatch; tempoBpm: number }) {
  const tone = similarityTone(match.similarity);
  return (
    <li className={`match match--${tone}`}>
      <div className="match__head">
        <div className="match__title">
          <strong>{match.title}</strong>
          <span className="muted">
            {' '}
            — {match.artist}
            {match.releaseYear ? ` (${match.releaseYear})` : ''}
          </span>
        </div>
        <Tag color={TONE_COLOUR[tone]}>{Math.round(match.similarity)}% similar</Tag>
        {tone === 'high' && <Tag color="red">high match</Tag>}
        <PreviewButton match={match} />
      </div>
      {match.dimensions.length > 0 && (
        <ul className="match__dimensions">
          {match.dimensions.map((dimension) => (
            <DimensionEvidence key={dimension.dimension} track={match} dimension={dimension} tempoBpm={tempoBpm} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Opens the streaming-service search in a new tab; the 'opened' marker resets after 30 s (spec §4). */
function PreviewButton({ match }: { match: TrackMatch }) {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => setOpened(false), TIMINGS.previewMarkerReset);
    return () => clearTimeout(timer);
  }, [opened]);
  return (
    <Button
      href={previewSearchUrl(match)}
      target="_blank"
      rel="noopener noreferrer"
      size="small"
      icon={opened ? <CheckOutlined /> : <PlayCircleOutlined />}
      aria-label={`Preview ${match.title} by ${match.artist}`}
      onClick={() => setOpened(true)}
    >
      {opened ? 'Opened' : 'Preview'}
    </Button>
  );
}
