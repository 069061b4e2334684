/** Small helpers shared by the comparison modules (matching half of the engine). */
import type { MatchTransform, MatchedSegment } from '@originality/contracts';

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
