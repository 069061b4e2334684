import {
  EMBED_BEATS,
  FULL_HARMONY_BEATS,
  beatEnd,
  compareHarmony,
  optimalTranspositionIndex,
  qmaxStart,
} from './compare-harmony';
import { aKey, aTrack } from '../../testing/match-fixtures';
import { IDENTITY_TRANSFORM, clamp, foldSemitones, percent, segment } from './match-utils';
import { matchBeatRates } from '../signal/beat-rate';
import type { BeatChroma, DimensionComparison } from '../types';

/*
 * compareHarmony shares the beat similarities between the real and the null comparison, selects quantiles only
 * among cells above the cosine floor and stops the null Qmax once it decides nothing. This is the plain
 * algorithm it must agree with: each plot built from scratch, quantiles by sorting, both Qmax DPs in full.
 */
function plainEmbedded(q: BeatChroma, r: BeatChroma, shift: number, reverse: boolean): Float32Array {
  const [n, m] = [q.beats, r.beats];
  const S = new Float32Array(n * m);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      const src = (reverse ? m - 1 - j : j) * 12;
      let s = 0;
      for (let c = 0; c < 12; c++) s += q.data[i * 12 + c] * r.data[src + ((c - shift + 12) % 12)];
      S[i * m + j] = s;
    }
  const [en, em] = [n - EMBED_BEATS + 1, m - EMBED_BEATS + 1];
  const E = new Float32Array(en * em);
  for (let i = 0; i < en; i++)
    for (let j = 0; j < em; j++) {
      let s = 0;
      for (let k = 0; k < EMBED_BEATS; k++) s += S[(i + k) * m + j + k];
      E[i * em + j] = s / EMBED_BEATS;
    }
  return E;
}
function plainQuantile(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(values.length - 1, Math.floor(values.length * 0.9))];
}
function plainRecurrence(E: Float32Array, en: number, em: number): Uint8Array {
  const row = (i: number) => Array.from({ length: em }, (_, j) => E[i * em + j]);
  const col = (j: number) => Array.from({ length: en }, (_, i) => E[i * em + j]);
  const rowQ = Array.from({ length: en }, (_, i) => plainQuantile(row(i)));
  const colQ = Array.from({ length: em }, (_, j) => plainQuantile(col(j)));
  return Uint8Array.from({ length: en * em }, (_, x) => {
    const [i, j] = [Math.floor(x / em), x % em];
    return E[x] >= rowQ[i] && E[x] >= colQ[j] && E[x] >= 0.8 ? 1 : 0;
  });
}
function plainQmax(C: Uint8Array, n: number, m: number) {
  const Q = new Float32Array(n * m);
  const from = new Uint8Array(n * m);
  const gamma = (i: number, j: number): number => (C[i * m + j] ? 5 : 0.5);
  let [best, bi, bj] = [0, 0, 0];
  for (let i = 1; i < n; i++)
    for (let j = 1; j < m; j++) {
      const idx = i * m + j;
      const a = Q[(i - 1) * m + j - 1];
      const b = i > 1 ? Q[(i - 2) * m + j - 1] : -Infinity;
      const c = j > 1 ? Q[(i - 1) * m + j - 2] : -Infinity;
      const pa = C[idx] ? a : a - gamma(i - 1, j - 1);
      const pb = C[idx] ? b : i > 1 ? b - gamma(i - 2, j - 1) : -Infinity;
      const pc = C[idx] ? c : j > 1 ? c - gamma(i - 1, j - 2) : -Infinity;
      let [q, f] = [pa, 1];
      if (pb > q) [q, f] = [pb, 2];
      if (pc > q) [q, f] = [pc, 3];
      if (C[idx]) q += 1;
      else if (q <= 0) [q, f] = [0, 0];
      Q[idx] = q;
      from[idx] = f;
      if (q > best) [best, bi, bj] = [q, i, j];
    }
  return { qmax: best, start: qmaxStart(C, m, Q, from, bi, bj), end: [bi, bj] };
}
function plainHarmony(queryChroma: BeatChroma, refChroma: BeatChroma): DimensionComparison {
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
  const [en, em] = [query.beats - EMBED_BEATS + 1, ref.beats - EMBED_BEATS + 1];
  const found = plainQmax(plainRecurrence(plainEmbedded(query, ref, oti, false), en, em), en, em);
  const nullQ = plainQmax(plainRecurrence(plainEmbedded(query, ref, oti, true), en, em), en, em).qmax;
  const full = clamp(Math.min(query.beats, ref.beats) - EMBED_BEATS + 1, 8, FULL_HARMONY_BEATS);
  const similarity = percent((found.qmax - nullQ) / full);
  const evidence = { score: Math.max(0, found.qmax - nullQ), cells: en * em };
  if (similarity === 0) return { ...none, transform, evidence };
  const [qStart, qEnd] = [query.beatTimes[found.start[0]], beatEnd(query, found.end[0] + EMBED_BEATS - 1)];
  const [rStart, rEnd] = [ref.beatTimes[found.start[1]], beatEnd(ref, found.end[1] + EMBED_BEATS - 1)];
  const [qSpan, rSpan] = [qEnd - qStart, rEnd - rStart];
  return {
    dimension: 'harmony',
    similarity,
    evidence,
    segments: [segment(qStart, qEnd, rStart, rEnd)],
    transform: { ...transform, tempoRatio: qSpan > 0 && rSpan > 0 ? rSpan / qSpan : 1 },
  };
}

/** The chroma with seeded noise added to every bin (then renormalised), so cosines spread around the floor. */
function noisy(c: BeatChroma, seed: number, amount: number): BeatChroma {
  let x = seed;
  const rnd = (): number => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const data = Float32Array.from(c.data, (v) => v + amount * rnd());
  for (let b = 0; b < c.beats; b++) {
    const row = data.subarray(b * 12, b * 12 + 12);
    const norm = Math.hypot(...row) || 1;
    for (let k = 0; k < 12; k++) row[k] /= norm;
  }
  return { ...c, data };
}

describe('compareHarmony against the plain algorithm', () => {
  const cases: [string, BeatChroma, BeatChroma][] = [];
  for (let s = 1; s <= 8; s++) {
    const ref = aTrack({ seed: s, key: aKey(0), bars: 8 + 2 * s }).beatChroma;
    const transposed = aTrack({ seed: s, key: aKey(s % 12), bars: 8 + s }).beatChroma;
    const other = aTrack({ seed: 50 + s, key: aKey((3 * s) % 12), bars: 10 + s }).beatChroma;
    cases.push([`cover ${s}`, noisy(transposed, s, 0.1 * s), ref]);
    cases.push([`other ${s}`, noisy(other, s, 0.05 * s), noisy(ref, 7 * s, 0.2)]);
  }
  it.each(cases)('gives the same comparison: %s', (_, query, ref) => {
    const { run, ...qmaxReading } = compareHarmony(query, ref);
    expect(qmaxReading).toEqual(plainHarmony(query, ref));
    expect(run?.transform.transpositionSemitones).toBe(qmaxReading.transform.transpositionSemitones);
  });

  it('reads a cover beat by beat more strongly than an unrelated track', () => {
    for (let s = 1; s <= 8; s++) {
      const ref = aTrack({ seed: s, key: aKey(0), bars: 8 + 2 * s }).beatChroma;
      const cover = noisy(aTrack({ seed: s, key: aKey(s % 12), bars: 8 + s }).beatChroma, s, 0.1);
      const other = noisy(aTrack({ seed: 50 + s, key: aKey((3 * s) % 12), bars: 10 + s }).beatChroma, s, 0.1);
      const covered = compareHarmony(cover, ref).run!.evidence.score;
      expect(covered).toBeGreaterThan(compareHarmony(other, ref).run?.evidence.score ?? 0);
    }
  });
});
