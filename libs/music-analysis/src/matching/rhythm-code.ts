/**
 * Rhythm and tempo as catalogue-wide codes: the quantised bar pattern that prior-art.ts counts and the tempo
 * tolerance both compare-rhythm.ts and the prior-art tempo density use.
 */
import { STEPS_PER_BEAT } from '../constants';

/** Rotations compared: multiples of half a beat (2 of the 4 steps per beat). */
export const ROTATION_STEPS = STEPS_PER_BEAT / 2;

/** A step counts as "played" in the quantised pattern when it reaches half the bar's strongest step. */
const STEP_ON_LEVEL = 0.5;

/**
 * Quantised rhythm pattern: one bit per step (≥ half the strongest step), rotated (by half beats) to its
 * smallest value so that the same pattern read from another downbeat gets the same code. 0 means no pattern (silence).
 */
export function rhythmCode(pattern: Float32Array): number {
  const steps = pattern.length;
  if (steps === 0 || steps > 30) return 0;
  let max = 0;
  for (let i = 0; i < steps; i++) if (pattern[i] > max) max = pattern[i];
  if (!(max > 0)) return 0;
  let bits = 0;
  for (let i = 0; i < steps; i++) if (pattern[i] >= STEP_ON_LEVEL * max) bits |= 1 << i;
  const mask = (1 << steps) - 1;
  let best = bits;
  for (let s = ROTATION_STEPS; s < steps; s += ROTATION_STEPS) {
    const rotated = ((bits >>> s) | (bits << (steps - s))) & mask;
    if (rotated < best) best = rotated;
  }
  return best;
}

/**
 * Tempo tolerance: a Gaussian in log-tempo with σ = log2(1.04). Listeners notice tempo changes of about
 * 4–8 % (Drake & Botte 1993, "Tempo sensitivity in auditory sequences", Perception & Psychophysics 54), so
 * tempos 4 % apart score 61, 8 % apart 14.
 */
export const TEMPO_SIGMA_OCTAVES = Math.log2(1.04);
