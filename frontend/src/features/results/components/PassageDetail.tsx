import { DIMENSION_LABELS } from '@originality/contracts';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { ReferencePlayback, TrackMatch } from '@originality/contracts';
import { Button, Checkbox } from 'antd';
import type { AbPhase } from '../lib/ab-playback';
import { transformText } from '../lib/evidence';
import { type Passage, transposingRate } from '../lib/passages';
import { rangeText } from '../lib/time-range';
import { previewSearchUrl } from '../lib/track-preview';

const PHASE_TEXT: Record<AbPhase, string> = {
  upload: 'Playing your song…',
  reference: 'Playing the reference…',
  idle: '',
};

/** The chosen passage: both time ranges, the transform, A/B playback or, without a licence, the streaming link. */
export function PassageDetail(props: {
  track: TrackMatch;
  passage: Passage;
  playback: ReferencePlayback | undefined;
  phase: AbPhase;
  error: string | null;
  /** The signed URLs have arrived. */
  ready: boolean;
  transpose: boolean;
  onTransposeChange(transpose: boolean): void;
  onPlay(): void;
  onStop(): void;
}) {
  const { track, passage, playback, phase } = props;
  const semitones = passage.transform.transpositionSemitones;
  return (
    <section className="passage-detail" aria-label="Selected passage">
      <p>
        <strong>{DIMENSION_LABELS[passage.dimension]}</strong> ({Math.round(passage.similarity)}%): your song{' '}
        {rangeText(passage.query)} ↔ {track.title} {rangeText(passage.reference)}
      </p>
      <p>Transform: {transformText(passage.transform)}</p>
      {playback?.playable ? (
        semitones !== 0 && (
          <Checkbox checked={props.transpose} onChange={(e) => props.onTransposeChange(e.target.checked)}>
            Shift the reference by {semitones > 0 ? '+' : '−'}
            {Math.abs(semitones)} semitones when it plays (played {transposingRate(semitones).toFixed(2)}× as fast, so
            its tempo changes too)
          </Checkbox>
        )
      ) : (
        <p className="muted">
          {playback?.reason ?? 'Reference playback is being prepared.'}{' '}
          <a href={previewSearchUrl(track)} target="_blank" rel="noopener noreferrer">
            Find {track.title} on Spotify
          </a>{' '}
          and listen from {rangeText(passage.reference)}.
        </p>
      )}
      <div className="passage-actions">
        {phase === 'idle' ? (
          <Button icon={<PlayCircleOutlined />} onClick={props.onPlay} disabled={!props.ready}>
            {playback?.playable ? 'Play A/B' : 'Play your passage'}
          </Button>
        ) : (
          <Button icon={<PauseCircleOutlined />} onClick={props.onStop}>
            Stop
          </Button>
        )}
        <span role="status" className="muted">
          {props.error ? `Playback failed: ${props.error}` : PHASE_TEXT[phase]}
        </span>
      </div>
    </section>
  );
}
