import type { AnalysisResultView, TrackMatch } from '@originality/contracts';

/** Spec §9 result thresholds. */
export const HIGH_MATCH = 80;
const NOTABLE_MATCH = 60;
const DEFAULT_TRACK_COUNT = 3;

export type SimilarityTone = 'high' | 'notable' | 'low';

/** Spec §9: 80 or above is red ('high match'), 60 or above yellow. */
export function similarityTone(similarity: number): SimilarityTone {
  if (similarity >= HIGH_MATCH) return 'high';
  if (similarity >= NOTABLE_MATCH) return 'notable';
  return 'low';
}

/** Every match, most similar first. */
export function rankedMatches(result: Pick<AnalysisResultView, 'allMatches'>): TrackMatch[] {
  return [...result.allMatches].sort((a, b) => b.similarity - a.similarity);
}

/** Spec §9: by default only the top 3 tracks at 80% or more; the toggle shows every match. */
export function visibleMatches(ranked: readonly TrackMatch[], showAll: boolean): TrackMatch[] {
  if (showAll) return [...ranked];
  return ranked.filter((match) => match.similarity >= HIGH_MATCH).slice(0, DEFAULT_TRACK_COUNT);
}
