import type { AnalysisResultView } from '@originality/contracts';
import { Card, Empty, Switch } from 'antd';
import { useId, useState } from 'react';
import { HIGH_MATCH, rankedMatches, visibleMatches } from '../lib/labels';
import { MatchItem } from './MatchItem';

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
            showAll || ranked.length === 0
              ? 'No similar tracks were found in the catalogue.'
              : `No track is ${HIGH_MATCH}% or more similar. Show all matches to see the closest ones.`
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
