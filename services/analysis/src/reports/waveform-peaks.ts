/** How many peak levels a report's waveform holds: enough for a page-wide drawing, small enough to store per upload. */
export const REPORT_PEAK_COUNT = 400;

/**
 * The loudest absolute sample of each of `count` equal slices of the song, scaled so the loudest slice is 1
 * (a quiet master still fills the drawing). Silence stays all zeros.
 */
export function peaksOf(samples: Float32Array, count = REPORT_PEAK_COUNT): number[] {
  if (samples.length === 0) return [];
  const slices = Math.min(count, samples.length);
  const peaks = new Array<number>(slices).fill(0);
  for (let slice = 0; slice < slices; slice++) {
    const from = Math.floor((slice * samples.length) / slices);
    const to = Math.floor(((slice + 1) * samples.length) / slices);
    let peak = 0;
    for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(samples[i]!));
    peaks[slice] = peak;
  }
  const loudest = Math.max(...peaks);
  // Three decimals are plenty for a drawing and keep the stored array small.
  return loudest > 0 ? peaks.map((p) => Math.round((p / loudest) * 1000) / 1000) : peaks;
}
