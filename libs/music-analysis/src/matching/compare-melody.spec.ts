import { compareMelodies, melodyComparison, noteSequence, timedAgreement } from './compare-melody';
import type { NoteSequence } from './compare-melody';
import { aMelody, transformMelody } from '../../testing/match-fixtures';
import { IDENTITY_TRANSFORM } from './match-utils';
import type { DimensionComparison, MelodyNote } from '../types';

/*
 * compareMelodies skips work it can prove does not change its result (bounds, an exact integer screen of the
 * transpositions, early exits). This is the plain algorithm it must agree with: every transposition aligned in
 * float32, forward and against the reversed reference, then the traceback of the best.
 */
const GAP = -0.7;
function cellScore(q: NoteSequence, r: NoteSequence, i: number, j: number, t: number): number {
  const d = (q.pitchClass[i] - r.pitchClass[j] - t + 24) % 12;
  const sameRhythm = Math.abs(q.relDuration[i] - r.relDuration[j]) <= 0.5;
  const pitch = d === 0 ? 1 : d === 1 || d === 11 ? -0.5 : -1;
  return Math.fround(d === 0 && sameRhythm ? pitch + 0.5 : pitch);
}
function plainScore(q: NoteSequence, r: NoteSequence, t: number, reverse: boolean): number {
  const n = q.pitchClass.length;
  const m = r.pitchClass.length;
  let prev = new Float32Array(m + 1);
  let cur = new Float32Array(m + 1);
  let best = 0;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      let h = prev[j - 1] + cellScore(q, r, i - 1, reverse ? m - j : j - 1, t);
      if (prev[j] + GAP > h) h = prev[j] + GAP;
      if (cur[j - 1] + GAP > h) h = cur[j - 1] + GAP;
      cur[j] = h > 0 ? h : 0;
      if (cur[j] > best) best = cur[j];
    }
    [prev, cur] = [cur, prev];
  }
  return best;
}
function plainAlign(q: NoteSequence, r: NoteSequence, t: number): { score: number; pairs: [number, number][] } {
  const n = q.pitchClass.length;
  const m = r.pitchClass.length;
  const W = m + 1;
  const H = new Float32Array((n + 1) * W);
  let [best, bi, bj] = [0, 0, 0];
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) {
      let h = H[(i - 1) * W + j - 1] + cellScore(q, r, i - 1, j - 1, t);
      if (H[(i - 1) * W + j] + GAP > h) h = H[(i - 1) * W + j] + GAP;
      if (H[i * W + j - 1] + GAP > h) h = H[i * W + j - 1] + GAP;
      if (h < 0) h = 0;
      H[i * W + j] = h;
      if (h > best) [best, bi, bj] = [h, i, j];
    }
  const pairs: [number, number][] = [];
  let [i, j] = [bi, bj];
  while (i > 0 && j > 0 && H[i * W + j] > 0) {
    const h = H[i * W + j];
    if (Math.abs(h - (H[(i - 1) * W + j - 1] + cellScore(q, r, i - 1, j - 1, t))) < 1e-4) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (Math.abs(h - (H[(i - 1) * W + j] + GAP)) < 1e-4) i--;
    else j--;
  }
  return { score: best, pairs: pairs.reverse() };
}
function plainCompare(query: MelodyNote[], ref: MelodyNote[]): DimensionComparison {
  const none: DimensionComparison = { dimension: 'melody', similarity: 0, segments: [], transform: IDENTITY_TRANSFORM };
  const qn = noteSequence(query);
  const rn = noteSequence(ref);
  if (qn.pitchClass.length < 2 || rn.pitchClass.length < 2) return none;
  let [bestT, bestScore, nullScore] = [0, -1, 0];
  for (let t = 0; t < 12; t++) {
    const s = plainScore(qn, rn, t, false);
    if (s > bestScore) [bestScore, bestT] = [s, t];
    nullScore = Math.max(nullScore, plainScore(qn, rn, t, true));
  }
  const alignment = plainAlign(qn, rn, bestT);
  if (alignment.pairs.length < 2) return none;
  return melodyComparison(query, ref, { qn, rn, transposition: bestT, alignment, nullScore });
}

/** A melody on few pitches with repeated notes: many transpositions tie, which the tie-break must survive. */
function aDroneMelody(seed: number, count: number): MelodyNote[] {
  return Array.from({ length: count }, (_, i) => ({
    start: i * 0.5,
    duration: 0.25 + 0.25 * ((seed + i) % 2),
    pitch: 60 + [0, 0, 7, 0, 5][(seed * 3 + i) % 5],
  }));
}

describe('compareMelodies against the plain algorithm', () => {
  const pairs: [string, MelodyNote[], MelodyNote[]][] = [];
  for (let s = 1; s <= 12; s++) {
    const original = aMelody(s, 30 + 7 * s);
    pairs.push([`unrelated ${s}`, aMelody(100 + s, 20 + 5 * s), original]);
    pairs.push([`cover ${s}`, transformMelody(original.slice(s, s + 25), (s % 11) - 5, 1.1), original]);
    pairs.push([`drone ${s}`, aDroneMelody(s, 10 + s), aDroneMelody(s + 1, 40)]);
    pairs.push([`tiny ${s}`, aMelody(200 + s, 2 + (s % 3)), aMelody(300 + s, 3 + (s % 4))]);
  }
  it.each(pairs)('gives the same comparison: %s', (_, query, ref) => {
    expect(compareMelodies(query, ref)).toEqual(plainCompare(query, ref));
  });
});

describe('timedAgreement', () => {
  /** Notes at these onsets (s), one pitch each; durations up to the next onset. */
  const notesAt = (onsets: number[]): MelodyNote[] =>
    onsets.map((start, i) => ({ start, duration: (onsets[i + 1] ?? start + 0.5) - start, pitch: 60 + (i % 5) }));
  const pairsOf = (count: number): [number, number][] => Array.from({ length: count }, (_, k) => [k, k]);

  it('counts every stretch of an alignment kept at one tempo ratio, whatever the ratio', () => {
    const query = notesAt(Array.from({ length: 30 }, (_, k) => 0.5 * k));
    const slower = notesAt(Array.from({ length: 30 }, (_, k) => 2 + 0.6 * k));
    expect(timedAgreement(query, slower, pairsOf(30))).toBe(30 - 4);
  });

  it('counts few stretches of an alignment that bends time to pair its notes', () => {
    const query = notesAt(Array.from({ length: 30 }, (_, k) => 0.5 * k));
    // The reference's notes come at irregular gaps, as when an alignment picks notes wherever they fit.
    const gaps = [0.2, 1.1, 0.3, 1.6, 0.25, 0.9, 0.15, 1.3, 0.5, 2.0, 0.35, 0.7, 1.8, 0.2, 0.6];
    let t = 0;
    const bent = notesAt(Array.from({ length: 30 }, (_, k) => (t += gaps[(k * 7) % gaps.length]!)));
    expect(timedAgreement(query, bent, pairsOf(30))).toBeLessThan((30 - 4) / 2);
  });

  it('gives the melody dimension evidence that grows with the length of a copy', () => {
    const tune = aMelody(7, 24);
    const long = aMelody(7, 72);
    const short = compareMelodies(tune, tune).evidence!.score;
    expect(compareMelodies(long, long).evidence!.score).toBeGreaterThan(2 * short);
  });
});
