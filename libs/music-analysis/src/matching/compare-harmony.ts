/**
 * Harmony comparison after Serrà et al.: beat-synchronous chroma of the query and the reference are brought to
 * a common key by the Optimal Transposition Index (Serrà, Gómez & Herrera 2008, "Transposing chroma
 * representations to a common key", IEEE CS Conference on The Use of Symbols to Represent Music and
 * Multimedia Objects), compared in a binary cross-recurrence plot, and the longest, most consistent diagonal
 * path is measured with Qmax (Serrà, Serra & Andrzejak 2009, "Cross recurrence quantification for cover song
 * identification", New Journal of Physics 11). As for melody, the score is taken relative to a null: the same
 * measure against the reference played backwards, so static or one-chord material does not score.
 */
import type { BeatChroma, DimensionComparison } from '../types';
import { IDENTITY_TRANSFORM, ScratchBuffer, clamp, foldSemitones, percent, segment, selectRank } from './match-utils';
import { matchBeatRates } from '../signal/beat-rate';
import { harmonyRunReading } from './harmony-run';

/** Delay embedding length in beats: one 4/4 bar, so a match means a matching bar, not a matching chord. */
export const EMBED_BEATS = 4;
/** Share of nearest neighbours kept per row and column of the recurrence plot (Serrà 2009 uses κ = 0.1). */
const NEIGHBOUR_SHARE = 0.1;
/** Cosine floor of an embedded bar pair: below it two bars are not similar even if they are nearest neighbours. */
const MIN_COSINE = 0.8;
/** Qmax penalties for starting and extending a disruption, the values in Serrà et al. (2009). */
const GAMMA_ONSET = 5;
const GAMMA_EXTEND = 0.5;
/** Matched beats that earn a full 100: 32 beats = 8 bars, a verse or chorus. At least 8 beats (2 bars) are asked for. */
export const FULL_HARMONY_BEATS = 32;
const MIN_HARMONY_BEATS = 8;

/**
 * The comparison's beats × beats matrices, reused from one comparison to the next (see ScratchBuffer). The beat
 * similarities live through the whole comparison; the others serve the forward match, then the null one. The
 * embedded similarities are done with once the recurrence plot is made, so the Qmax DP takes their buffer.
 */
const beatSimilarities = new ScratchBuffer();
const embeddedOrQmax = new ScratchBuffer();
const recurrences = new ScratchBuffer();
const qmaxSteps = new ScratchBuffer();

/** Sum of chroma rows, normalised: the track's overall pitch-class profile. */
function globalProfile(c: BeatChroma): Float64Array {
  const g = new Float64Array(12);
  for (let b = 0; b < c.beats; b++) for (let k = 0; k < 12; k++) g[k] += c.data[b * 12 + k];
  const norm = Math.hypot(...g) || 1;
  for (let k = 0; k < 12; k++) g[k] /= norm;
  return g;
}

/** OTI: the rotation k (semitones up) of the reference profile that best matches the query's. */
export function optimalTranspositionIndex(query: BeatChroma, ref: BeatChroma): number {
  const gq = globalProfile(query);
  const gr = globalProfile(ref);
  let best = -Infinity;
  let oti = 0;
  for (let k = 0; k < 12; k++) {
    let s = 0;
    for (let c = 0; c < 12; c++) s += gq[c] * gr[(c - k + 12) % 12];
    if (s > best) {
      best = s;
      oti = k;
    }
  }
  return oti;
}

/**
 * Beat-by-beat cosine similarity n×m of query rows against reference rows rotated by `shift` (float32, as
 * stored), in the beatSimilarities buffer.
 */
function beatSimilarity(q: BeatChroma, r: BeatChroma, shift: number): Float32Array {
  const n = q.beats;
  const m = r.beats;
  const rotated = rotatedRows(r, shift);
  const qd = q.data;
  const S = beatSimilarities.float32(n * m);
  for (let i = 0; i < n; i++) {
    const qi = i * 12;
    for (let j = 0; j < m; j++) {
      const rj = j * 12;
      let s = 0;
      for (let c = 0; c < 12; c++) s += qd[qi + c] * rotated[rj + c];
      S[i * m + j] = s;
    }
  }
  return S;
}

/**
 * Embedded similarity matrix (n−E+1)×(m−E+1): the mean of EMBED_BEATS successive beat similarities along the
 * diagonal. With `reverse`, the reference is read backwards: its beat j is beat m−1−j of S, so the null model
 * reuses the forward beat similarities (the same float32 values the reversed rows would give). In the
 * embeddedOrQmax buffer: valid until the next call or the next Qmax DP.
 */
function embeddedSimilarity(S: Float32Array, n: number, m: number, reverse: boolean): Float32Array {
  const en = n - EMBED_BEATS + 1;
  const em = m - EMBED_BEATS + 1;
  const E = embeddedOrQmax.float32(en * em);
  // Cell (i, j) sums S[(i + k) · m + col + k · step] over k, summed in the same order either way.
  const step = reverse ? m - 1 : m + 1;
  for (let i = 0; i < en; i++) {
    for (let j = 0; j < em; j++) {
      const first = i * m + (reverse ? m - 1 - j : j);
      let s = 0;
      for (let k = 0, at = first; k < EMBED_BEATS; k++, at += step) s += S[at];
      E[i * em + j] = s / EMBED_BEATS;
    }
  }
  return E;
}

/** Reference rows rotated by `shift` pitch classes: the inner product loop then needs no modulo. */
function rotatedRows(r: BeatChroma, shift: number): Float32Array {
  const m = r.beats;
  const out = new Float32Array(m * 12);
  for (let j = 0; j < m; j++) {
    for (let c = 0; c < 12; c++) out[j * 12 + c] = r.data[j * 12 + ((c - shift + 12) % 12)];
  }
  return out;
}

/**
 * For each row (stride 1) or column (stride = width), a threshold t such that, for a cell e ≥ MIN_COSINE,
 * e ≥ t exactly when e is at or above the line's top-κ quantile — all crossRecurrence needs. Only cells at or
 * above MIN_COSINE are selected among: when they fill fewer than the top places the quantile lies below the
 * floor and every such cell passes (t = −∞); otherwise the quantile is an order statistic of those cells alone.
 */
function quantileThresholds(
  E: Float32Array,
  lines: number,
  length: number,
  lineStride: number,
  itemStride: number,
): Float32Array {
  const out = new Float32Array(lines);
  const scratch = new Float32Array(length);
  const rank = Math.min(length - 1, Math.floor(length * (1 - NEIGHBOUR_SHARE)));
  for (let l = 0; l < lines; l++) {
    let k = 0;
    for (let t = 0, at = l * lineStride; t < length; t++, at += itemStride) {
      const e = E[at];
      if (e >= MIN_COSINE) scratch[k++] = e;
    }
    const below = length - k; // sorted ascending, the cells under the floor come first
    out[l] = rank < below ? -Infinity : selectRank(scratch.subarray(0, k), rank - below);
  }
  return out;
}

/**
 * Binary cross-recurrence plot: mutual nearest neighbours above the cosine floor. In the recurrences buffer: valid
 * until the next call.
 */
function crossRecurrence(E: Float32Array, en: number, em: number): Uint8Array {
  const rowQ = quantileThresholds(E, en, em, em, 1);
  const colQ = quantileThresholds(E, em, en, 1, em);
  const C = recurrences.uint8(en * em);
  for (let i = 0; i < en; i++) {
    const rq = rowQ[i];
    for (let j = 0; j < em; j++) {
      const e = E[i * em + j];
      C[i * em + j] = e >= MIN_COSINE && e >= rq && e >= colQ[j] ? 1 : 0;
    }
  }
  return C;
}

interface QmaxResult {
  qmax: number;
  /** Path from its first to its last recurrent cell, as (query row, reference row). */
  start: [number, number];
  end: [number, number];
}

/** Best cell of a Qmax DP: its (unrounded) value and position. */
interface QmaxPeak {
  best: number;
  bi: number;
  bj: number;
}

/**
 * The Qmax DP (Serrà et al. 2009, eqs. 4–5) over Q, stored as float32. With `from`, each cell's predecessor is
 * recorded for the traceback (0 none, 1 (i−1,j−1), 2 (i−2,j−1), 3 (i−1,j−2)). Stops after the row where the
 * best reaches `stopAt` (callers pass the value beyond which the exact Qmax no longer matters). Q may hold
 * anything on entry: the DP writes its zero boundary (row and column 0) itself, and every other cell it reads.
 */
function qmaxDp(
  C: Uint8Array,
  n: number,
  m: number,
  Q: Float32Array,
  from: Uint8Array | null,
  stopAt: number,
): QmaxPeak {
  let best = 0;
  let bi = 0;
  let bj = 0;
  Q.fill(0, 0, m);
  for (let i = 1; i < n; i++) {
    const row = i * m;
    Q[row] = 0;
    const up1 = row - m; // row i−1
    const up2 = row - 2 * m; // row i−2 (only read when i > 1)
    for (let j = 1; j < m; j++) {
      const idx = row + j;
      const a = Q[up1 + j - 1];
      const b = i > 1 ? Q[up2 + j - 1] : -Infinity;
      const c = j > 1 ? Q[up1 + j - 2] : -Infinity;
      const recurrent = C[idx] !== 0;
      // Candidates from the three predecessors: extend a path (recurrent cell) or pay a disruption penalty.
      const pa = recurrent ? a : a - (C[up1 + j - 1] ? GAMMA_ONSET : GAMMA_EXTEND);
      const pb = recurrent ? b : i > 1 ? b - (C[up2 + j - 1] ? GAMMA_ONSET : GAMMA_EXTEND) : -Infinity;
      const pc = recurrent ? c : j > 1 ? c - (C[up1 + j - 2] ? GAMMA_ONSET : GAMMA_EXTEND) : -Infinity;
      let q = pa;
      let f = 1;
      if (pb > q) {
        q = pb;
        f = 2;
      }
      if (pc > q) {
        q = pc;
        f = 3;
      }
      if (recurrent) q += 1;
      else if (q <= 0) {
        q = 0;
        f = 0;
      }
      Q[idx] = q;
      if (from) from[idx] = f;
      if (q > best) {
        best = q;
        bi = i;
        bj = j;
      }
    }
    if (best >= stopAt) break;
  }
  return { best, bi, bj };
}

/** Qmax with traceback. */
function qmax(C: Uint8Array, n: number, m: number): QmaxResult {
  const Q = embeddedOrQmax.float32(n * m);
  const from = qmaxSteps.uint8(n * m);
  const { best, bi, bj } = qmaxDp(C, n, m, Q, from, Infinity);
  return { qmax: best, start: qmaxStart(C, m, Q, from, bi, bj), end: [bi, bj] };
}

/**
 * Walks the Qmax path back from its best cell (bi, bj) to the first recurrent cell of the path. `from` holds
 * each cell's step (1 diagonal, 2 skip a query beat, 3 skip a reference beat, 0 path start).
 */
export function qmaxStart(
  C: Uint8Array,
  m: number,
  Q: Float32Array,
  from: Uint8Array,
  bi: number,
  bj: number,
): [number, number] {
  let i = bi;
  let j = bj;
  let start: [number, number] = [bi, bj];
  while (Q[i * m + j] > 0 && from[i * m + j] !== 0) {
    if (C[i * m + j]) start = [i, j];
    const f = from[i * m + j];
    i -= f === 2 ? 2 : 1;
    j -= f === 3 ? 2 : 1;
    if (i < 0 || j < 0) break;
  }
  if (i >= 0 && j >= 0 && C[i * m + j]) start = [i, j];
  return start;
}

/**
 * The null Qmax (reference read backwards), only as far as it matters: once it reaches `enough` (the real
 * Qmax) the similarity is 0 whatever its exact value, so the DP stops there.
 */
function nullQmax(S: Float32Array, n: number, m: number, enough: number): number {
  const en = n - EMBED_BEATS + 1;
  const em = m - EMBED_BEATS + 1;
  const C = crossRecurrence(embeddedSimilarity(S, n, m, true), en, em);
  return qmaxDp(C, en, em, embeddedOrQmax.float32(en * em), null, enough).best;
}

/** End time of the beat `index` (start of the next beat, or one beat period past the last). */
export function beatEnd(c: BeatChroma, index: number): number {
  const t = c.beatTimes;
  if (index + 1 < c.beats) return t[index + 1];
  const period = c.beats > 1 ? t[c.beats - 1] - t[c.beats - 2] : 0;
  return t[c.beats - 1] + period;
}

export function compareHarmony(queryChroma: BeatChroma, refChroma: BeatChroma): DimensionComparison {
  // Beat-synchronous chroma is tempo-invariant only when both beat trackers chose the same tempo octave.
  const [query, ref] = matchBeatRates(queryChroma, refChroma);
  const none: DimensionComparison = {
    dimension: 'harmony',
    similarity: 0,
    segments: [],
    transform: IDENTITY_TRANSFORM,
  };
  if (query.beats < EMBED_BEATS + 2 || ref.beats < EMBED_BEATS + 2) return none;
  const oti = optimalTranspositionIndex(query, ref);
  const transform = { transpositionSemitones: foldSemitones(oti), tempoRatio: 1 };
  const S = beatSimilarity(query, ref, oti);
  const run = harmonyRunReading(S, query.beats, ref.beats, transform.transpositionSemitones, {
    query: query.beatTimes,
    ref: ref.beatTimes,
    queryEnd: (b) => beatEnd(query, b),
    refEnd: (b) => beatEnd(ref, b),
  });
  const en = query.beats - EMBED_BEATS + 1;
  const em = ref.beats - EMBED_BEATS + 1;
  const found = qmax(crossRecurrence(embeddedSimilarity(S, query.beats, ref.beats, false), en, em), en, em);
  const nullQ = nullQmax(S, query.beats, ref.beats, found.qmax);
  const full = clamp(Math.min(query.beats, ref.beats) - EMBED_BEATS + 1, MIN_HARMONY_BEATS, FULL_HARMONY_BEATS);
  const similarity = percent((found.qmax - nullQ) / full);
  // Net of the reversed-reference null, as for melody; the null model calibrates what remains.
  const evidence = { score: Math.max(0, found.qmax - nullQ), cells: en * em };
  if (similarity === 0) return { ...none, transform, evidence, run };
  const [qi0, rj0] = found.start;
  const [qi1, rj1] = found.end;
  const qStart = query.beatTimes[qi0];
  const qEnd = beatEnd(query, qi1 + EMBED_BEATS - 1);
  const rStart = ref.beatTimes[rj0];
  const rEnd = beatEnd(ref, rj1 + EMBED_BEATS - 1);
  const qSpan = qEnd - qStart;
  const rSpan = rEnd - rStart;
  return {
    dimension: 'harmony',
    similarity,
    evidence,
    run,
    segments: [segment(qStart, qEnd, rStart, rEnd)],
    transform: { ...transform, tempoRatio: qSpan > 0 && rSpan > 0 ? rSpan / qSpan : 1 },
  };
}
