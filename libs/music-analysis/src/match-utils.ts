/** Small helpers shared by the comparison modules (matching half of the engine). */
import type { MatchTransform, MatchedSegment } from '@originality/contracts';
import type { BeatChroma } from './types';

/**
 * A reusable buffer for one large temporary of a comparison (a beats × beats or notes × notes matrix). Fresh,
 * each such matrix would be page-faulted in anew (≈ 3 ms per MB here), which costs more than most of the DPs
 * that fill it; a comparison needs several, and a query is compared with dozens of candidates. Each temporary
 * gets its own ScratchBuffer at module level, grown geometrically and kept, so its pages are touched once per
 * thread. The views it hands out hold whatever the previous use left: callers initialise what they read.
 *
 * Module state is per thread in Node (a worker thread has its own instance of every module) and comparisons are
 * synchronous, so nothing else can take a buffer while its user is still working on it: no locking is needed.
 * A buffer serves one array at a time: its user must be done with the previous view before asking for the next,
 * and no result may keep a view (results are made of numbers and small fresh arrays).
 */
export class ScratchBuffer {
  private buffer = new ArrayBuffer(0);

  float32(length: number): Float32Array {
    return new Float32Array(this.bytes(length * Float32Array.BYTES_PER_ELEMENT), 0, length);
  }

  uint8(length: number): Uint8Array {
    return new Uint8Array(this.bytes(length), 0, length);
  }

  /** The buffer, at least `byteLength` long; doubling keeps growth steps few as larger tracks come along. */
  private bytes(byteLength: number): ArrayBuffer {
    if (byteLength > this.buffer.byteLength)
      this.buffer = new ArrayBuffer(Math.max(byteLength, 2 * this.buffer.byteLength));
    return this.buffer;
  }
}

export function clamp(value: number, lo: number, hi: number): number {
  return value < lo ? lo : value > hi ? hi : value;
}

/** A 0–1 fraction as a 0–100 percentage, rounded to one decimal. */
export function percent(fraction: number): number {
  return Math.round(clamp(fraction, 0, 1) * 1000) / 10;
}

/** Folds a semitone shift into −6…+6 (octave equivalence: +9 and −3 are the same pitch-class move). */
export function foldSemitones(semitones: number): number {
  const r = ((Math.round(semitones) % 12) + 12) % 12;
  return r > 6 ? r - 12 : r;
}

/** Folds a tempo ratio by octaves into [1/√2, √2): double- and half-time readings of a beat are equivalent. */
export function foldTempoRatio(ratio: number): number {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return 1;
  let r = ratio;
  while (r >= Math.SQRT2) r /= 2;
  while (r < Math.SQRT1_2) r *= 2;
  return r;
}

export const IDENTITY_TRANSFORM: MatchTransform = { transpositionSemitones: 0, tempoRatio: 1 };

export function segment(qStart: number, qEnd: number, rStart: number, rEnd: number): MatchedSegment {
  const round = (t: number): number => Math.round(t * 100) / 100;
  return { query: { start: round(qStart), end: round(qEnd) }, reference: { start: round(rStart), end: round(rEnd) } };
}

export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Inverse-document-frequency rarity in 0–1: 1 when only one catalogue track has the item, → 0 when every
 * track has it. log((N+1)/df) / log(N+1) is the smoothed IDF of Robertson & Spärck Jones, scaled to 0–1.
 */
export function rarity(documentFrequency: number, trackCount: number): number {
  if (trackCount <= 0) return 1;
  const df = clamp(documentFrequency, 1, trackCount);
  return Math.log((trackCount + 1) / df) / Math.log(trackCount + 1);
}

/**
 * The value that would sit at index `rank` if `a` were sorted ascending (Hoare's quickselect, O(n) on average
 * where a sort is O(n log n)). Reorders `a`. NaN-free input.
 */
export function selectRank(a: Float32Array, rank: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (rank <= j) hi = j;
    else if (rank >= i) lo = i;
    else return a[rank];
  }
  return a[rank];
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
function doubleBeatRate(c: BeatChroma): BeatChroma {
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
