/**
 * Key and mode by profile correlation (Krumhansl–Schmuckler algorithm, Krumhansl 1990, ch. 4): the
 * track's summed chroma is correlated (Pearson) with the Krumhansl–Kessler major and minor profiles
 * (constants.ts, source cited there) rotated to each of the 12 tonics; the best of the 24 keys wins.
 */
import { KRUMHANSL_MAJOR, KRUMHANSL_MINOR, PITCH_CLASS_NAMES } from '../constants';
import type { KeyEstimate, Mode } from '../types';

export function keyName(tonic: number, mode: Mode): string {
  return `${PITCH_CLASS_NAMES[((tonic % 12) + 12) % 12]} ${mode}`;
}

/** Pearson correlation of chroma with `profile` rotated so that its tonic sits on pitch class `tonic`. */
export function profileCorrelation(chroma: ArrayLike<number>, profile: ArrayLike<number>, tonic: number): number {
  let mx = 0;
  let my = 0;
  for (let i = 0; i < 12; i++) {
    mx += chroma[i]!;
    my += profile[i]!;
  }
  mx /= 12;
  my /= 12;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let pc = 0; pc < 12; pc++) {
    const x = chroma[pc]! - mx;
    const y = profile[(pc - tonic + 12) % 12]! - my;
    sxy += x * y;
    sxx += x * x;
    syy += y * y;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/** The best of the 24 major/minor keys for a 12-bin chroma sum. A flat or empty chroma gives C major, confidence 0. */
export function estimateKey(chromaSum: ArrayLike<number>): KeyEstimate {
  if (chromaSum.length !== 12) throw new RangeError('chromaSum must have 12 values');
  let best: KeyEstimate = { tonic: 0, mode: 'major', confidence: 0, name: keyName(0, 'major') };
  for (const [mode, profile] of [
    ['major', KRUMHANSL_MAJOR],
    ['minor', KRUMHANSL_MINOR],
  ] as const) {
    for (let tonic = 0; tonic < 12; tonic++) {
      const r = profileCorrelation(chromaSum, profile, tonic);
      if (r > best.confidence) best = { tonic, mode, confidence: r, name: keyName(tonic, mode) };
    }
  }
  return best;
}
