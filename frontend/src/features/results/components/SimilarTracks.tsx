import type { AnalysisResultView } from '@originality/contracts';
import { Card, Empty, Switch } from 'antd';
import { useId, useState } from 'react';
import { HIGH_MATCH, rankedMatches, visibleMatches } from '../lib/labels';
import { MatchItem } from './MatchItem';

/**
 * Where recognising a copy stops, as measured (docs/engine-robustness.md, docs/engine-evaluation.md): copies pitched
 * ±1–3 semitones or sped to 80–125 % were found at similarity ≥ 80 in every evaluation source (100 % of the produced
 * recordings' tuning split); shifts of 4–12 semitones in 13 of 20 Wesnoth recordings end to end; samples mixed under
 * other music from 5 s in 5–6 of 6 on the robustness curve, 3 s in 1–5 of 6; speeds of 50–70 % or 135–150 % in 0–2
 * of 6. Said where nothing was found, so a clean result is read with its limits.
 */
const ENGINE_REACH =
  'Copies are recognised when pitched up to 3 semitones either way or played at 80–125 % speed (larger pitch ' +
  'shifts, up to an octave, in about two of three tests), and samples from about 5 seconds mixed under other ' +
  'music. Shorter samples and larger speed changes are often missed.';

/** Spec §2 Similar Tracks: the top 3 high matches by default, every match with the toggle. */
export function SimilarTracks({ result }: { result: AnalysisResultView }) {
  const toggleId = useId();
  const [showAll, setShowAll] = useState(false);
  const ranked = rankedMatches(result);
  const shown = visibleMatches(ranked, showAll);
  return (
    <Card
      title={<h2 className="card-title">Similar Tracks</h2>}
      extra={
        <label htmlFor={toggleId} className="toggle-label">
          <Switch id={toggleId} checked={showAll} onChange={setShowAll} size="small" /> Show all matches (
          {ranked.length})
        </label>
      }
    >
      {shown.length === 0 ? (
        <Empty
          description={
            showAll || ranked.length === 0 ? (
              <>
                <p>No similar tracks were found in the catalogue.</p>
                <p className="muted">{ENGINE_REACH}</p>
              </>
            ) : (
              `No track is ${HIGH_MATCH}% or more similar. Show all matches to see the closest ones.`
            )
          }
        />
      ) : (
        <ol className="match-list">
          {shown.map((match) => (
            <MatchItem key={match.referenceId} match={match} tempoBpm={result.tempoBpm} />
          ))}
        </ol>
      )}
    </Card>
  );
}
