import { DIMENSION_LABELS } from '@originality/contracts';
import type { AnalysisResultView, ReferencePlayback, TrackMatch } from '@originality/contracts';
import { Alert, Card, Select, Skeleton } from 'antd';
import { Suspense, lazy, useId, useMemo, useState } from 'react';
import { useUploadListening, useUploadWaveform } from '../api/get-listening';
import { rankedMatches } from '../lib/labels';
import { PASSAGE_COLOURS, PASSAGE_DIMENSIONS, type Passage, passagesOf } from '../lib/passages';
import { rangeText } from '../lib/time-range';
import { usePassagePlayer } from '../lib/use-passage-player';
import { PassageDetail } from './PassageDetail';

const PassageWaveform = lazy(() => import('./PassageWaveform'));

/**
 * Where the song matches, seen and heard: the upload's waveform with the selected similar track's matched
 * passages as regions; choosing one plays it in the upload, then in the reference (A/B).
 */
export function ListeningPanel({ result }: { result: AnalysisResultView }) {
  const withPassages = useMemo(() => rankedMatches(result).filter((m) => passagesOf(m).length > 0), [result]);
  if (withPassages.length === 0) return null;
  return <ListeningCard uploadId={result.uploadId} matches={withPassages} />;
}

function ListeningCard({ uploadId, matches }: { uploadId: string; matches: TrackMatch[] }) {
  const selectId = useId();
  const waveform = useUploadWaveform(uploadId);
  const listening = useUploadListening(uploadId);
  const player = usePassagePlayer(listening.data?.upload.url);
  const [trackId, setTrackId] = useState(matches[0]!.referenceId);
  const [passageId, setPassageId] = useState<string | null>(null);
  const [transpose, setTranspose] = useState(false);
  const track = matches.find((m) => m.referenceId === trackId) ?? matches[0]!;
  const passages = useMemo(() => passagesOf(track), [track]);
  const passage = passages.find((p) => p.id === passageId) ?? null;
  const playback = listening.data?.references.find((r) => r.referenceId === track.referenceId);

  const choose = (id: string) => {
    const chosen = passages.find((p) => p.id === id);
    if (!chosen) return;
    setPassageId(id);
    player.play(chosen, playableUrl(playback), transpose);
  };

  return (
    <Card
      title={<h2 className="card-title">Where It Matches</h2>}
      extra={
        <label htmlFor={selectId} className="toggle-label">
          Similar track{' '}
          <Select
            id={selectId}
            value={track.referenceId}
            onChange={(id: string) => {
              player.stop();
              setTrackId(id);
              setPassageId(null);
            }}
            options={matches.map((m) => ({ value: m.referenceId, label: `${m.title} (${Math.round(m.similarity)}%)` }))}
            popupMatchSelectWidth={false}
          />
        </label>
      }
    >
      <Legend />
      {waveform.isError ? (
        <Alert type="info" showIcon title="No waveform is stored for this analysis; the passages are listed below." />
      ) : waveform.data ? (
        <Suspense fallback={<Skeleton.Node active className="passage-waveform" />}>
          <PassageWaveform
            peaks={waveform.data.peaks}
            durationSec={waveform.data.durationSec}
            media={player.upload}
            passages={passages}
            selectedId={passageId}
            onSelect={choose}
          />
        </Suspense>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
      <PassageList passages={passages} selectedId={passageId} onSelect={choose} />
      {listening.isError && <Alert type="warning" showIcon title="Playback is unavailable right now." />}
      {passage && (
        <PassageDetail
          track={track}
          passage={passage}
          playback={playback}
          phase={player.phase}
          error={player.error}
          ready={player.ready}
          transpose={transpose}
          onTransposeChange={setTranspose}
          onPlay={() => player.play(passage, playableUrl(playback), transpose)}
          onStop={player.stop}
        />
      )}
    </Card>
  );
}

const playableUrl = (playback: ReferencePlayback | undefined) => (playback?.playable ? playback.url : null);

function Legend() {
  return (
    <ul className="passage-legend" aria-label="Region colours">
      {PASSAGE_DIMENSIONS.map((dimension) => (
        <li key={dimension}>
          <span className="passage-swatch" style={{ background: PASSAGE_COLOURS[dimension] }} aria-hidden="true" />
          {DIMENSION_LABELS[dimension]}
        </li>
      ))}
    </ul>
  );
}

/** The regions as buttons too: reachable by keyboard and screen readers, and readable without the waveform. */
function PassageList({
  passages,
  selectedId,
  onSelect,
}: {
  passages: Passage[];
  selectedId: string | null;
  onSelect(id: string): void;
}) {
  return (
    <ul className="passage-list">
      {passages.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            className={`passage-chip${p.id === selectedId ? ' passage-chip--selected' : ''}`}
            style={{ borderColor: PASSAGE_COLOURS[p.dimension] }}
            aria-pressed={p.id === selectedId}
            onClick={() => onSelect(p.id)}
          >
            {DIMENSION_LABELS[p.dimension]} {rangeText(p.query)}
          </button>
        </li>
      ))}
    </ul>
  );
}
