import { DIMENSION_LABELS } from '@originality/contracts';
import type { DimensionMatch, TrackMatch } from '@originality/contracts';
import { chanceText, priorArtText, transformText } from '../lib/evidence';
import { guideFor } from '../lib/guide';
import { rangeText } from '../lib/time-range';

/**
 * The evidence of one dimension in words: its similarity, the engine's sentence with both time ranges, the
 * transform, whether a shared progression or groove is common in the catalogue, the chance of a match this
 * close, and, when it scores high, what to change.
 */
export function DimensionEvidence({
  track,
  dimension,
  tempoBpm,
}: {
  track: Pick<TrackMatch, 'title'>;
  dimension: DimensionMatch;
  tempoBpm: number;
}) {
  const priorArt = priorArtText(dimension);
  const guide = guideFor(track, dimension, tempoBpm);
  return (
    <li className="evidence">
      <span>
        <strong>{DIMENSION_LABELS[dimension.dimension]}</strong> {Math.round(dimension.similarity)}% —{' '}
        {dimension.explanation}
      </span>
      {dimension.segments.length > 0 && (
        <span className="muted match__ranges">
          {' '}
          (
          {dimension.segments
            .map((segment) => `${rangeText(segment.query)} ↔ ${rangeText(segment.reference)}`)
            .join(', ')}
          )
        </span>
      )}
      <ul className="evidence__facts">
        {dimension.similarity > 0 && <li>Transform: {transformText(dimension.transform)}</li>}
        {priorArt && <li>{priorArt}</li>}
        {dimension.chance && <li>{chanceText(dimension.chance)}</li>}
      </ul>
      {guide && (
        <p className="evidence__guide">
          <strong>What you could change:</strong> {guide}
        </p>
      )}
    </li>
  );
}
