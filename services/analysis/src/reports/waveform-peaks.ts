/** How many peak levels a report's waveform holds: enough for a page-wide drawing. */
export const REPORT_PEAK_COUNT = 400;

/**
 * The report's loudness outline from the waveform the worker stored for the run (min/max pairs, see
 * listening/peaks.ts): the loudest absolute value of each of `count` equal slices, scaled so the loudest slice
 * is 1 (a quiet master still fills the drawing). Silence stays all zeros; no stored waveform gives none.
 */
export function reportPeaks(minMaxPairs: readonly number[], count = REPORT_PEAK_COUNT): number[] {
  const levels = minMaxPairs.length / 2;
  if (levels < 1) return [];
  const slices = Math.min(count, levels);
  const peaks = new Array<number>(slices).fill(0);
  for (let slice = 0; slice < slices; slice++) {
    const from = Math.floor((slice * levels) / slices);
    const to = Math.floor(((slice + 1) * levels) / slices);
    for (let i = from; i < to; i++) {
      peaks[slice] = Math.max(peaks[slice]!, Math.abs(minMaxPairs[2 * i]!), Math.abs(minMaxPairs[2 * i + 1]!));
    }
  }
  const loudest = Math.max(...peaks);
  // Three decimals are plenty for a drawing and keep the report small.
  return loudest > 0 ? peaks.map((p) => Math.round((p / loudest) * 1000) / 1000) : peaks;
}
