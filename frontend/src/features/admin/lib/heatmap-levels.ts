/** Spec §9: five intensity levels at 20 % steps of the busiest hour's score. */
export const HEATMAP_LEVELS = 5;

/**
 * The intensity of a cell: 0 for a quiet hour, else 1–5 for up to 20 %, 40 %, 60 %, 80 % and 100 %
 * of the maximum score.
 */
export function heatmapLevel(score: number, maxScore: number): number {
  if (score <= 0 || maxScore <= 0) return 0;
  return Math.min(HEATMAP_LEVELS, Math.max(1, Math.ceil((score / maxScore) * HEATMAP_LEVELS)));
}
