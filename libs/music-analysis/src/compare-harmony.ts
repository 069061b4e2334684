/**
 * Harmony comparison after Serrà et al.: beat-synchronous chroma of the query and the reference are brought to
 * a common key by the Optimal Transposition Index (Serrà, Gómez & Herrera 2008, "Transposing chroma
 * representations to a common key", IEEE CS Conference on The Use of Symbols to Represent Music and
 * Multimedia Objects), compared in a binary cross-recurrence plot, and the longest, most consistent diagonal
 * path is measured with Qmax (Serrà, Serra & Andrzejak 2009, "Cross recurrence quantification for cover song
 * identification", New Journal of Physics 11). As for melody, the score is taken relative to a null: the same
 * measure against the reference played backwards, so static or one-chord material does not score.
 */
import type { BeatChroma, DimensionComparison } from './types';
import { IDENTITY_TRANSFORM, clamp, foldSemitones, matchBeatRates, percent, segment, selectRank } from './match-utils';

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

/** Embedded cosine similarity matrix (n−E+1)×(m−E+1) of query rows against reference rows rotated by `shift`. */
function embeddedSimilarity(q: BeatChroma, r: BeatChroma, shift: number, reverse: boolean): Float32Array {
  const n = q.beats;
  const m = r.beats;
  const rotated = rotatedRows(r, shift, reverse);
  const S = new Float32Array(n * m);
  for (let i = 0; i < n; i++) {
    const qi = i * 12;
    for (let j = 0; j < m; j++) {
      const rj = j * 12;
      let s = 0;
      for (let c = 0; c < 12; c++) s += q.data[qi + c] * rotated[rj + c];
      S[i * m + j] = s;
    }
  }
  const en = n - EMBED_BEATS + 1;
  const em = m - EMBED_BEATS + 1;
  const E = new Float32Array(en * em);
  for (let i = 0; i < en; i++) {
    for (let j = 0; j < em; j++) {
      let s = 0;
      for (let k = 0; k < EMBED_BEATS; k++) s += S[(i + k) * m + j + k];
      E[i * em + j] = s / EMBED_BEATS;
    }
  }
  return E;
}

/** Reference rows rotated by `shift` pitch classes (and in reverse order): the inner product loop then needs no modulo. */
function rotatedRows(r: BeatChroma, shift: number, reverse: boolean): Float32Array {
  const m = r.beats;
  const out = new Float32Array(m * 12);
  for (let j = 0; j < m; j++) {
    const src = (reverse ? m - 1 - j : j) * 12;
    for (let c = 0; c < 12; c++) out[j * 12 + c] = r.data[src + ((c - shift + 12) % 12)];
  }
  return out;
}

/** Value at the top-κ quantile of each row (stride 1) or column (stride = width). */
function quantiles(
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
    for (let t = 0; t < length; t++) scratch[t] = E[l * lineStride + t * itemStride];
    out[l] = selectRank(scratch, rank);
  }
  return out;
}

/** Binary cross-recurrence plot: mutual nearest neighbours above the cosine floor. */
function crossRecurrence(E: Float32Array, en: number, em: number): Uint8Array {
  const rowQ = quantiles(E, en, em, em, 1);
  const colQ = quantiles(E, em, en, 1, em);
  const C = new Uint8Array(en * em);
  for (let i = 0; i < en; i++) {
    for (let j = 0; j < em; j++) {
      const e = E[i * em + j];
      C[i * em + j] = e >= rowQ[i] && e >= colQ[j] && e >= MIN_COSINE ? 1 : 0;
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

/** Qmax with traceback (Serrà et al. 2009, eqs. 4–5). */
function qmax(C: Uint8Array, n: number, m: number): QmaxResult {
  const Q = new Float32Array(n * m);
  const from = new Uint8Array(n * m); // 0 none, 1 (i−1,j−1), 2 (i−2,j−1), 3 (i−1,j−2)
  const gamma = (i: number, j: number): number => (C[i * m + j] ? GAMMA_ONSET : GAMMA_EXTEND);
  let best = 0;
  let bi = 0;
  let bj = 0;
  for (let i = 1; i < n; i++) {
    for (let j = 1; j < m; j++) {
      const idx = i * m + j;
      const a = Q[(i - 1) * m + j - 1];
      const b = i > 1 ? Q[(i - 2) * m + j - 1] : -Infinity;
      const c = j > 1 ? Q[(i - 1) * m + j - 2] : -Infinity;
      let q: number;
      let f: number;
      // Candidates from the three predecessors: extend a path (recurrent cell) or pay a disruption penalty.
      const pa = C[idx] ? a : a - gamma(i - 1, j - 1);
      const pb = C[idx] ? b : i > 1 ? b - gamma(i - 2, j - 1) : -Infinity;
      const pc = C[idx] ? c : j > 1 ? c - gamma(i - 1, j - 2) : -Infinity;
      q = pa;
      f = 1;
      if (pb > q) {
        q = pb;
        f = 2;
      }
      if (pc > q) {
        q = pc;
        f = 3;
      }
      if (C[idx]) q += 1;
      else if (q <= 0) {
        q = 0;
        f = 0;
      }
      Q[idx] = q;
      from[idx] = f;
      if (q > best) {
        best = q;
        bi = i;
        bj = j;
      }
    }
  }
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
  return { qmax: best, start, end: [bi, bj] };
}

function qmaxOf(q: BeatChroma, r: BeatChroma, shift: number, reverse: boolean): QmaxResult {
  const en = q.beats - EMBED_BEATS + 1;
  const em = r.beats - EMBED_BEATS + 1;
  const E = embeddedSimilarity(q, r, shift, reverse);
  return qmax(crossRecurrence(E, en, em), en, em);
}

/** End time of the beat `index` (start of the next beat, or one beat period past the last). */
function beatEnd(c: BeatChroma, index: number): number {
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
  const found = qmaxOf(query, ref, oti, false);
  const nullQ = qmaxOf(query, ref, oti, true).qmax;
  const full = clamp(Math.min(query.beats, ref.beats) - EMBED_BEATS + 1, MIN_HARMONY_BEATS, FULL_HARMONY_BEATS);
  const similarity = percent((found.qmax - nullQ) / full);
  if (similarity === 0) return { ...none, transform };
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
    segments: [segment(qStart, qEnd, rStart, rEnd)],
    transform: { ...transform, tempoRatio: qSpan > 0 && rSpan > 0 ? rSpan / qSpan : 1 },
  };
}
