/**
 * Melody comparison by local alignment (Smith–Waterman) of notes under each of the 12 transpositions: pitch
 * classes (an octave error of the extractor still counts) and durations relative to each melody's median note
 * (tempo-invariant), so a melody sung in another key at another tempo aligns with its original. The alignment's
 * score is measured against a null alignment of the query with the reference played backwards — same pitch and
 * rhythm vocabulary, no shared order — so a melody built from common steps (repeated notes, scales) does not
 * score by chance.
 */
import type { DimensionComparison, MelodyNote } from '../types';
import { IDENTITY_TRANSFORM, ScratchBuffer, clamp, foldSemitones, percent, segment } from './match-utils';
import { median } from '../signal/beat-rate';
import { ExactNoteAlignment, LANES } from './exact-alignment';

/** Longest melody aligned (notes); the cost is quadratic and 2 000 notes cover ~10 minutes of singing. */
const MAX_NOTES = 2000;

/**
 * Note-level alignment. An alignment of note-to-note steps (interval and IOI ratio) breaks when the melody
 * extractor inserts a note — in a mixture, a chord or bass note picked up while the melody rests (measured on
 * rendered songs: 90–99 % of melody frames right, yet one extra note every bar or two) — because an inserted
 * note corrupts two steps and three IOI ratios. Here each note is aligned with a note, under each of the 12
 * transpositions: the pitch-class offset of two notes either equals the transposition (+1; an octave error
 * of the extractor still counts) or is a semitone off (−0.5: a slip or modal change) or is wrong (−1); a
 * skipped or inserted note costs NOTE_GAP. Rhythm enters as a bonus when two aligned notes have the same
 * duration relative to their melody's median note (tempo-invariant), within ±NOTE_RHYTHM_TOLERANCE_LOG2.
 */
const NOTE_MATCH = 1;
const NOTE_NEAR = -0.5;
const NOTE_MISMATCH = -1;
const NOTE_GAP = -0.7;
const NOTE_RHYTHM_BONUS = 0.5;
const NOTE_RHYTHM_TOLERANCE_LOG2 = 0.5;
const BEST_NOTE = NOTE_MATCH + NOTE_RHYTHM_BONUS;
/**
 * Notes aligned for a full 100: 25 notes, a 4–8 bar melodic phrase. Shorter melodies are judged against at least
 * MIN_PHRASE_NOTES so a 4-note coincidence cannot score high.
 */
export const FULL_PHRASE_NOTES = 25;
export const MIN_PHRASE_NOTES = 9;

/** A melody reduced to what note alignment compares: pitch classes and log durations relative to the median. */
export interface NoteSequence {
  pitchClass: Uint8Array;
  relDuration: Float32Array;
}

export function noteSequence(notes: MelodyNote[]): NoteSequence {
  const n = Math.min(notes.length, MAX_NOTES);
  const pitchClass = new Uint8Array(n);
  const logDur = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    pitchClass[i] = ((Math.round(notes[i].pitch) % 12) + 12) % 12;
    logDur[i] = Math.log2(Math.max(1e-3, notes[i].duration));
  }
  const mid = median(Array.from(logDur));
  for (let i = 0; i < n; i++) logDur[i] -= mid;
  return { pitchClass, relDuration: logDur };
}

/**
 * Per cell (i, j): code = offset · 2 + sameRhythm, where offset is the pitch-class difference (query − reference)
 * mod 12 and sameRhythm is 1 when the durations agree — the index of the cell's score in a NOTE_SCORES row. The
 * codes live in the memory of the exact alignment (exact-alignment.ts), reused by the next comparison.
 */
interface NotePairs {
  n: number;
  m: number;
  code: Uint8Array;
}

/** The comparison's notes × notes matrices, reused from one comparison to the next: the cell codes and the alignment. */
const exactAlignment = new ExactNoteAlignment();
const noteAlignment = new ScratchBuffer();

function notePairs(q: NoteSequence, r: NoteSequence): NotePairs {
  const n = q.pitchClass.length;
  const m = r.pitchClass.length;
  const code = exactAlignment.codes(n, m);
  const rpc = r.pitchClass;
  const rdur = r.relDuration;
  for (let i = 0; i < n; i++) {
    const pc = q.pitchClass[i] + 12;
    const dur = q.relDuration[i];
    const row = i * m;
    for (let j = 0; j < m; j++) {
      const offset = (pc - rpc[j]) % 12;
      const sameRhythm = Math.abs(dur - rdur[j]) <= NOTE_RHYTHM_TOLERANCE_LOG2 ? 1 : 0;
      code[row + j] = offset * 2 + sameRhythm;
    }
  }
  return { n, m, code };
}

/** Score of a pitch-class offset (and duration agreement) under transposition t. */
function pairScore(offset: number, sameRhythm: number, t: number): number {
  const d = (offset - t + 12) % 12;
  const pitch = d === 0 ? NOTE_MATCH : d === 1 || d === 11 ? NOTE_NEAR : NOTE_MISMATCH;
  return d === 0 && sameRhythm ? pitch + NOTE_RHYTHM_BONUS : pitch;
}

/** NOTE_SCORES[t · 24 + code]: every cell score under every transposition, so the alignment loops only look it up. */
const NOTE_SCORES = (() => {
  const table = new Float32Array(12 * 24);
  for (let t = 0; t < 12; t++)
    for (let code = 0; code < 24; code++) table[t * 24 + code] = pairScore(code >> 1, code & 1, t);
  return table;
})();

/** Score of aligning cell c under transposition t (pitch classes). */
function noteScore(p: NotePairs, c: number, t: number): number {
  return NOTE_SCORES[t * 24 + p.code[c]];
}

/**
 * Every note score and NOTE_GAP is a whole number of tenths, so an alignment can also be scored exactly, in
 * integers — and integer max needs no branch, which makes that DP several times faster than the float32 one.
 * The exact scores screen the transpositions (below); the float32 DP, whose values the results are made of,
 * then runs only where the screen cannot decide.
 */
const TENTHS = 10;

function exactTenths(x: number): number {
  const k = Math.round(x * TENTHS);
  if (Math.abs(x * TENTHS - k) > 1e-6) throw new Error(`note alignment score ${x} is not a whole number of tenths`);
  return k;
}

const BEST_NOTE_TENTHS = exactTenths(BEST_NOTE);
/** The exact alignment's cell scores, gap and best cell, in tenths (the sweep itself: exact-alignment.ts). */
const EXACT_SCORES = {
  scores: Int32Array.from(NOTE_SCORES, exactTenths),
  gap: exactTenths(NOTE_GAP),
  bestNote: BEST_NOTE_TENTHS,
};

/** The float32 DP rows reused by every alignment of one comparison (zeroed per call; the exact ones: exact-alignment.ts). */
interface NoteRows {
  prev: Float32Array;
  cur: Float32Array;
}

function noteRows(m: number): NoteRows {
  return {
    prev: new Float32Array(m + 1),
    cur: new Float32Array(m + 1),
  };
}

/**
 * Best local alignment score under transposition t; with `reverse`, the reference is read backwards (null
 * model). The DP values are stored as float32, exactly as a Float32Array row would hold them, so the scores do
 * not depend on how the loop is written. Once the running best reaches `stopAt` the alignment stops and returns
 * that partial best: callers pass the value beyond which the exact score no longer matters.
 */
function noteAlignmentScore(p: NotePairs, t: number, reverse: boolean, rows: NoteRows, stopAt = Infinity): number {
  const { n, m, code } = p;
  const base = t * 24;
  const step = reverse ? -1 : 1;
  let { prev, cur } = rows;
  prev.fill(0);
  cur.fill(0);
  let best = 0;
  for (let i = 0; i < n; i++) {
    let c = reverse ? i * m + m - 1 : i * m;
    let diag = 0; // prev[j − 1]; column 0 is always 0
    let left = 0; // cur[j − 1]
    for (let j = 1; j <= m; j++, c += step) {
      const up = prev[j];
      let h = diag + NOTE_SCORES[base + code[c]];
      if (up + NOTE_GAP > h) h = up + NOTE_GAP;
      if (left + NOTE_GAP > h) h = left + NOTE_GAP;
      const v = Math.fround(h > 0 ? h : 0);
      cur[j] = v;
      if (v > best) best = v;
      diag = up;
      left = v;
    }
    const swap = prev;
    prev = cur;
    cur = swap;
    if (best >= stopAt) break;
  }
  return best;
}

/**
 * Upper bound of the note alignment score under transposition t, in tenths, by pitch-class counting: on an
 * alignment path the matching notes (the only cells scoring above 0, at most BEST_NOTE each) pair distinct
 * query notes with distinct reference notes whose pitch classes differ by t, so there are at most
 * Σ_p min(#query p, #ref p − t) of them. The same bound holds with the reference read backwards.
 */
function transpositionBounds(q: NoteSequence, r: NoteSequence): Int32Array {
  const hq = new Int32Array(12);
  const hr = new Int32Array(12);
  for (const pc of q.pitchClass) hq[pc]++;
  for (const pc of r.pitchClass) hr[pc]++;
  const bounds = new Int32Array(12);
  for (let t = 0; t < 12; t++) {
    let matches = 0;
    for (let pc = 0; pc < 12; pc++) matches += Math.min(hq[pc], hr[(pc - t + 12) % 12]);
    bounds[t] = BEST_NOTE_TENTHS * matches;
  }
  return bounds;
}

/**
 * How far a float32 alignment score can be from the exact one: the DP rounds every cell to float32 (relative
 * error 2^−24 of a value at most BEST_NOTE · min(n, m)) along a dependency chain of at most n + m cells; max is
 * 1-Lipschitz, so the errors at most add up. Twice that, plus a hair for the double-precision gap constant.
 */
function roundingSlack(n: number, m: number): number {
  return (n + m + 1) * BEST_NOTE * Math.min(n, m) * 2 ** -23 + 1e-6;
}

/**
 * Exact scores (tenths) of the transpositions that could be within `margin` of the best of all twelve; the
 * others are −∞ or a partial score below that, skipped by the bound or abandoned mid-way. Transpositions are
 * tried most promising (highest bound) first, so the skips apply early. Stops as soon as a score reaches `stopAt`.
 */
function screenTranspositions(
  p: NotePairs,
  bounds: Int32Array,
  reverse: boolean,
  margin: number,
  stopAt = Infinity,
): Float64Array {
  const order = Array.from({ length: 12 }, (_, t) => t).sort((a, b) => bounds[b] - bounds[a] || a - b);
  const exact = new Float64Array(12).fill(-Infinity);
  const lanes = new Float64Array(LANES);
  let best = -Infinity;
  for (let k = 0; k < order.length && best < stopAt;) {
    const floor = best - margin;
    const ts: number[] = [];
    for (; k < order.length && ts.length < LANES; k++) if (bounds[order[k]] >= floor) ts.push(order[k]);
    if (ts.length === 0) break;
    exactAlignment.scores(p, ts, reverse, EXACT_SCORES, floor, stopAt, lanes);
    ts.forEach((t, lane) => {
      exact[t] = lanes[lane];
      best = Math.max(best, lanes[lane]);
    });
  }
  return exact;
}

/**
 * The transposition with the best float32 alignment score, the lowest t on ties (as a scan from 0 to 11 picks).
 * A transposition whose exact score is more than twice the rounding slack below the best exact score has a
 * float32 score strictly below the best float32 score, so only the others are scored in float32.
 */
function bestTransposition(p: NotePairs, bounds: Int32Array, rows: NoteRows): number {
  const margin = 2 * roundingSlack(p.n, p.m) * TENTHS;
  const exact = screenTranspositions(p, bounds, false, margin);
  const top = Math.max(...exact);
  let bestT = 0;
  let bestScore = -1;
  for (let t = 0; t < 12; t++) {
    if (exact[t] < top - margin) continue;
    const s = noteAlignmentScore(p, t, false, rows);
    if (s > bestScore) {
      bestScore = s;
      bestT = t;
    }
  }
  return bestT;
}

/**
 * The null score: the best float32 alignment over all transpositions with the reference read backwards, screened
 * as in bestTransposition. Once it reaches `enough` (the real alignment's score) the similarity is 0 whatever its
 * exact value, so the search stops there (and `enough` is returned when an exact score proves it is reached).
 */
function nullAlignmentScore(p: NotePairs, bounds: Int32Array, rows: NoteRows, enough: number): number {
  const slack = roundingSlack(p.n, p.m);
  const margin = 2 * slack * TENTHS;
  const reached = (enough + slack) * TENTHS; // an exact score this high has a float32 score ≥ enough
  const exact = screenTranspositions(p, bounds, true, margin, reached);
  const top = Math.max(...exact);
  if (top >= reached) return enough;
  let nullScore = 0;
  for (let t = 0; t < 12 && nullScore < enough; t++) {
    if (exact[t] < top - margin) continue;
    nullScore = Math.max(nullScore, noteAlignmentScore(p, t, true, rows, enough));
  }
  return nullScore;
}

/** Full note alignment under transposition t, with traceback: aligned note pairs (query, reference), in order. */
function alignNotes(p: NotePairs, t: number): { score: number; pairs: [number, number][] } {
  const { n, m } = p;
  const W = m + 1;
  const H = noteAlignment.float32((n + 1) * W);
  H.fill(0, 0, W); // row and column 0 are the alignment's zero boundary; the DP writes every other cell it reads
  let best = 0;
  let bi = 0;
  let bj = 0;
  const { code } = p;
  const base = t * 24;
  for (let i = 1; i <= n; i++) {
    const row = i * W;
    H[row] = 0;
    const above = row - W;
    const cells = (i - 1) * m - 1; // code index of cell (i, j) is cells + j
    for (let j = 1; j <= m; j++) {
      let h = H[above + j - 1] + NOTE_SCORES[base + code[cells + j]];
      const up = H[above + j] + NOTE_GAP;
      const left = H[row + j - 1] + NOTE_GAP;
      if (up > h) h = up;
      if (left > h) h = left;
      if (h < 0) h = 0;
      H[row + j] = h;
      if (h > best) {
        best = h;
        bi = i;
        bj = j;
      }
    }
  }
  const pairs: [number, number][] = [];
  let i = bi;
  let j = bj;
  while (i > 0 && j > 0 && H[i * W + j] > 0) {
    const h = H[i * W + j];
    if (Math.abs(h - (H[(i - 1) * W + j - 1] + noteScore(p, (i - 1) * m + j - 1, t))) < 1e-4) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (Math.abs(h - (H[(i - 1) * W + j] + NOTE_GAP)) < 1e-4) i--;
    else j--;
  }
  pairs.reverse();
  return { score: best, pairs };
}

export function compareMelodies(query: MelodyNote[], ref: MelodyNote[]): DimensionComparison {
  const none: DimensionComparison = { dimension: 'melody', similarity: 0, segments: [], transform: IDENTITY_TRANSFORM };
  const qn = noteSequence(query);
  const rn = noteSequence(ref);
  if (qn.pitchClass.length < 2 || rn.pitchClass.length < 2) return none;
  const p = notePairs(qn, rn);
  const bounds = transpositionBounds(qn, rn);
  const rows = noteRows(p.m);
  const bestT = bestTransposition(p, bounds, rows);
  const alignment = alignNotes(p, bestT);
  if (alignment.pairs.length < 2) return none;
  const nullScore = nullAlignmentScore(p, bounds, rows, alignment.score);
  return melodyComparison(query, ref, { qn, rn, transposition: bestT, alignment, nullScore });
}

/**
 * The comparison once the search is done: similarity over the null alignment, the matched span in both melodies
 * and the transform. Exported so tests can check the search against a plain one without restating this part.
 */
export function melodyComparison(
  query: MelodyNote[],
  ref: MelodyNote[],
  found: {
    qn: NoteSequence;
    rn: NoteSequence;
    transposition: number;
    alignment: { score: number; pairs: [number, number][] };
    nullScore: number;
  },
): DimensionComparison {
  const { qn, rn, transposition: bestT, alignment, nullScore } = found;
  const phrase = clamp(Math.min(qn.pitchClass.length, rn.pitchClass.length), MIN_PHRASE_NOTES, FULL_PHRASE_NOTES);
  const similarity = percent((alignment.score - nullScore) / (BEST_NOTE * phrase));
  const [qi0, rj0] = alignment.pairs[0];
  const [qi1, rj1] = alignment.pairs[alignment.pairs.length - 1];
  const qFirst = query[qi0];
  const qLast = query[qi1];
  const rFirst = ref[rj0];
  const rLast = ref[rj1];
  const qSpan = qLast.start - qFirst.start;
  const rSpan = rLast.start - rFirst.start;
  const diffs: number[] = [];
  for (const [i, j] of alignment.pairs)
    if ((qn.pitchClass[i] - rn.pitchClass[j] - bestT) % 12 === 0) diffs.push(query[i].pitch - ref[j].pitch);
  return {
    dimension: 'melody',
    similarity,
    // Notes aligned at the alignment's own tempo (see timedAgreement), once the alignment beats the
    // reversed-reference null (same notes, no shared order); the null model calibrates the count.
    evidence: {
      score:
        alignment.score > nullScore ? timedAgreement(query, ref, matchingPairs(qn, rn, bestT, alignment.pairs)) : 0,
      cells: qn.pitchClass.length * rn.pitchClass.length,
    },
    segments:
      similarity > 0
        ? [segment(qFirst.start, qLast.start + qLast.duration, rFirst.start, rLast.start + rLast.duration)]
        : [],
    transform: {
      transpositionSemitones: foldSemitones(diffs.length ? median(diffs) : bestT),
      tempoRatio: qSpan > 0 && rSpan > 0 ? rSpan / qSpan : 1,
    },
  };
}

/** The aligned pairs whose pitch classes agree under the transposition (the alignment's matching notes). */
function matchingPairs(qn: NoteSequence, rn: NoteSequence, t: number, pairs: [number, number][]): [number, number][] {
  return pairs.filter(([i, j]) => (qn.pitchClass[i] - rn.pitchClass[j] - t + 24) % 12 === 0);
}

/**
 * A stretch of TIMED_WINDOW steps between matching notes (five notes, about a bar of a tune) keeps the alignment's
 * tempo when its reference duration over its query duration is within TIMED_TOLERANCE_LOG2 (±11 %) of the
 * alignment's median: onset jitter of the melody extractor (a frame or two over a ~2 s stretch) and a sung lead's
 * timing stay inside it, while an alignment of two unrelated tunes pairs notes by squeezing and stretching time
 * (GM renders, tuning split: against the catalogue tunes they align best with, same-style originals and unrelated
 * tunes kept at most 23 such stretches; borrowed melodies over other chords mostly 31–101 against their source).
 */
const TIMED_WINDOW = 4;
const TIMED_TOLERANCE_LOG2 = 0.15;

/**
 * The melody's evidence: how many stretches of the alignment keep its tempo. A tune borrowed over other chords
 * agrees note after note at one transposition and one tempo ratio over its whole length; a folk idiom shared by
 * two unrelated tunes agrees in fragments, or only once time is bent to pair the notes — so the count grows with
 * the length of consistent agreement, which the best local score alone does not tell (a dense reference lets an
 * alignment pick a matching note almost anywhere).
 */
export function timedAgreement(query: MelodyNote[], ref: MelodyNote[], matching: [number, number][]): number {
  const ratios: number[] = [];
  for (let k = 0; k + TIMED_WINDOW < matching.length; k++) {
    const [i0, j0] = matching[k]!;
    const [i1, j1] = matching[k + TIMED_WINDOW]!;
    const dq = query[i1]!.start - query[i0]!.start;
    const dr = ref[j1]!.start - ref[j0]!.start;
    if (dq > 0 && dr > 0) ratios.push(Math.log2(dr / dq));
  }
  if (ratios.length === 0) return 0;
  const tempo = median(ratios);
  return ratios.filter((x) => Math.abs(x - tempo) <= TIMED_TOLERANCE_LOG2).length;
}
