/**
 * A recording with no sound in it. Its analysis has nothing to compare, so every score reads 100 % original; the
 * results say so (AnalysisResults.silent) rather than leave that reading to stand as a verdict on the file.
 */

/**
 * The peak level (full scale 1) below which a whole recording counts as silent: −60 dBFS. Digital silence, dither
 * (a 16-bit file's near −90 dBFS) or a quiet noise floor peak far below it; a real recording, even a pianissimo
 * passage on its own, far above it.
 */
export const SILENCE_PEAK = 10 ** (-60 / 20);

/** Whether every sample lies below SILENCE_PEAK (an empty recording is silent too). */
export function isSilent(samples: Float32Array): boolean {
  for (let i = 0; i < samples.length; i++) if (Math.abs(samples[i]!) >= SILENCE_PEAK) return false;
  return true;
}
