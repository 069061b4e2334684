/**
 * Rhythm pattern on the beat grid: each bar (BEATS_PER_BAR beats, counted from the first tracked beat —
 * there is no downbeat detection, so the pattern's phase within the bar is arbitrary and comparisons
 * should try the 4 beat rotations) is sampled at STEPS_PER_BEAT points per beat, interpolated between
 * beats. The onset strength at each step (max over ±1 frame, tolerating frame quantisation) is averaged
 * over all bars and max-normalised, giving RHYTHM_STEPS values in 0…1.
 */
import { BEATS_PER_BAR, RHYTHM_STEPS, STEPS_PER_BEAT } from '../constants';

export function rhythmPattern(onsetEnv: Float32Array, beats: Float32Array, frameRate: number): Float32Array {
  const pattern = new Float32Array(RHYTHM_STEPS);
  const bars = Math.floor((beats.length - 1) / BEATS_PER_BAR);
  if (bars < 1) return pattern;
  for (let bar = 0; bar < bars; bar++) {
    for (let beat = 0; beat < BEATS_PER_BAR; beat++) {
      const i = bar * BEATS_PER_BAR + beat;
      const t0 = beats[i]!;
      const span = beats[i + 1]! - t0;
      for (let step = 0; step < STEPS_PER_BEAT; step++) {
        const frame = Math.round((t0 + (span * step) / STEPS_PER_BEAT) * frameRate);
        pattern[beat * STEPS_PER_BEAT + step] += peakNear(onsetEnv, frame);
      }
    }
  }
  let max = 0;
  for (const v of pattern) if (v > max) max = v;
  if (max > 0) for (let s = 0; s < RHYTHM_STEPS; s++) pattern[s] /= max;
  return pattern;
}

function peakNear(env: Float32Array, frame: number): number {
  let m = 0;
  for (let f = Math.max(0, frame - 1); f <= Math.min(env.length - 1, frame + 1); f++) if (env[f]! > m) m = env[f]!;
  return m;
}
