/**
 * Beat-level helpers for beat-synchronous features: the beat period, and moving a beat chroma to half or
 * double its beat rate, for a beat tracker that locked to half or double the felt beat.
 */
import type { BeatChroma } from '../types';

export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median gap between successive beat times, seconds (NaN with fewer than two beats). */
export function beatPeriod(c: BeatChroma): number {
  if (c.beats < 2) return Number.NaN;
  const gaps: number[] = [];
  for (let b = 1; b < c.beats; b++) gaps.push(c.beatTimes[b] - c.beatTimes[b - 1]);
  return median(gaps);
}

/**
 * The two tracks' beat chroma at comparable beat rates. A beat tracker may lock to half or double the felt
 * beat, and differently on a cover than on its original; beat-synchronous features then disagree by a factor
 * of two in time, which no diagonal path through a cross-recurrence plot survives. As foldTempoRatio does for
 * tempo, a ratio of beat rates outside [1/√2, √2) is taken for such an octave error: the slower track's beats
 * are split in two (each row repeated, so nothing is averaged away) until the ratio is inside. Ellis & Poliner
 * (2007, "Identifying 'cover songs' with chroma features and dynamic programming beat tracking", ICASSP) meet
 * the same problem by comparing at two tempo levels.
 */
export function matchBeatRates(query: BeatChroma, ref: BeatChroma): [BeatChroma, BeatChroma] {
  let q = query;
  let r = ref;
  for (let guard = 0; guard < MAX_BEAT_DOUBLINGS; guard++) {
    const ratio = beatPeriod(r) / beatPeriod(q); // > 1: the query's beats are faster
    if (!(ratio > 0) || !Number.isFinite(ratio)) break;
    if (ratio >= Math.SQRT2) r = doubleBeatRate(r);
    else if (ratio < Math.SQRT1_2) q = doubleBeatRate(q);
    else break;
  }
  return [q, r];
}

/** Beat-rate doublings allowed per comparison: two cover a quarter- or fourfold reading, more is not a beat error. */
const MAX_BEAT_DOUBLINGS = 2;

/** Pairs of beats merged into one: rows summed and renormalised, each pair timed at its first beat. */
export function halveBeatRate(c: BeatChroma): BeatChroma {
  const beats = c.beats >> 1;
  const data = new Float32Array(beats * 12);
  const beatTimes = new Float32Array(beats);
  for (let b = 0; b < beats; b++) {
    let norm = 0;
    for (let k = 0; k < 12; k++) {
      const v = c.data[2 * b * 12 + k] + c.data[(2 * b + 1) * 12 + k];
      data[b * 12 + k] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < 12; k++) data[b * 12 + k] /= norm;
    beatTimes[b] = c.beatTimes[2 * b];
  }
  return { data, beats, beatTimes };
}

/** Each beat split in two: rows repeated, the new beat times halfway between the old ones. */
export function doubleBeatRate(c: BeatChroma): BeatChroma {
  const period = beatPeriod(c);
  const beats = c.beats * 2;
  const data = new Float32Array(beats * 12);
  const beatTimes = new Float32Array(beats);
  for (let b = 0; b < c.beats; b++) {
    const row = c.data.subarray(b * 12, b * 12 + 12);
    data.set(row, 2 * b * 12);
    data.set(row, (2 * b + 1) * 12);
    const next = b + 1 < c.beats ? c.beatTimes[b + 1] : c.beatTimes[b] + period;
    beatTimes[2 * b] = c.beatTimes[b];
    beatTimes[2 * b + 1] = 0.5 * (c.beatTimes[b] + next);
  }
  return { data, beats, beatTimes };
}
