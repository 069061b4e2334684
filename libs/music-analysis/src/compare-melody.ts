/**
 * Melody comparison by local alignment (Smith–Waterman) of note-to-note steps. Each step is the pitch
 * interval (transposition-invariant) and the log ratio of successive inter-onset intervals (tempo-invariant),
 * so a melody sung in another key at another tempo aligns with its original. The alignment's score is
 * measured against a null alignment of the query with the reference played backwards — same interval and
 * rhythm vocabulary, no shared order — so a melody built from common steps (repeated notes, scales) does not
 * score by chance.
 */
import type { DimensionComparison, MelodyNote } from './types';
import { IDENTITY_TRANSFORM, clamp, foldSemitones, median, percent, segment } from './match-utils';

/** Scoring of one aligned step. Pitch: same interval +1, off by a semitone 0 (pitch slip, modal change), else −1.5. */
const PITCH_EXACT = 1;
const PITCH_NEAR = 0;
const PITCH_MISMATCH = -1.5;
/** Rhythm: same IOI ratio within 2^±0.25 (±19 %, about the spread of sung durations) +1, else −0.5. */
const RHYTHM_TOLERANCE_LOG2 = 0.25;
const RHYTHM_MATCH = 1;
const RHYTHM_MISMATCH = -0.5;
/** A skipped or inserted note. */
const GAP = -1.5;
/**
 * Phrase length (steps) that earns a full 100: 24 steps ≈ 25 notes, a 4–8 bar melodic phrase. Shorter melodies
 * are judged against at least MIN_PHRASE steps so a 4-note coincidence cannot score high.
 */
export const FULL_PHRASE_STEPS = 24;
export const MIN_PHRASE_STEPS = 8;
/** Longest melody aligned (notes); the cost is quadratic and 2 000 notes cover ~10 minutes of singing. */
const MAX_NOTES = 2000;

/** Note-to-note steps of a melody: parallel typed arrays. */
export interface MelodySteps {
  /** Semitones from note i to note i+1. */
  interval: Float32Array;
  /** log2(IOI of note i+1 / IOI of note i); the last note's IOI is its duration. */
  rhythm: Float32Array;
}

export function melodySteps(notes: MelodyNote[]): MelodySteps {
  const n = Math.min(notes.length, MAX_NOTES);
  const steps = Math.max(0, n - 1);
  const interval = new Float32Array(steps);
  const rhythm = new Float32Array(steps);
  const ioi = (i: number): number =>
    Math.max(1e-3, i + 1 < notes.length ? notes[i + 1].start - notes[i].start : notes[i].duration);
  for (let i = 0; i < steps; i++) {
    interval[i] = notes[i + 1].pitch - notes[i].pitch;
    rhythm[i] = Math.log2(ioi(i + 1) / ioi(i));
  }
  return { interval, rhythm };
}

function stepScore(a: MelodySteps, i: number, b: MelodySteps, j: number): number {
  const dp = Math.abs(a.interval[i] - b.interval[j]);
  const pitch = dp < 0.5 ? PITCH_EXACT : dp < 1.5 ? PITCH_NEAR : PITCH_MISMATCH;
  const rhythm = Math.abs(a.rhythm[i] - b.rhythm[j]) <= RHYTHM_TOLERANCE_LOG2 ? RHYTHM_MATCH : RHYTHM_MISMATCH;
  return pitch + rhythm;
}

export interface MelodyAlignment {
  score: number;
  /** Aligned step pairs (query step, reference step), in order. */
  pairs: [number, number][];
}

/** Smith–Waterman local alignment of two step sequences, with traceback. */
export function alignMelodies(a: MelodySteps, b: MelodySteps): MelodyAlignment {
  const n = a.interval.length;
  const m = b.interval.length;
  const W = m + 1;
  const H = new Float32Array((n + 1) * W);
  let best = 0;
  let bi = 0;
  let bj = 0;
  for (let i = 1; i <= n; i++) {
    const row = i * W;
    const prev = row - W;
    for (let j = 1; j <= m; j++) {
      let h = H[prev + j - 1] + stepScore(a, i - 1, b, j - 1);
      const up = H[prev + j] + GAP;
      const left = H[row + j - 1] + GAP;
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
    if (Math.abs(h - (H[(i - 1) * W + j - 1] + stepScore(a, i - 1, b, j - 1))) < 1e-4) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (Math.abs(h - (H[(i - 1) * W + j] + GAP)) < 1e-4) i--;
    else j--;
  }
  pairs.reverse();
  return { score: best, pairs };
}

/** Best local alignment score only (two rows, no traceback): used for the null alignment. */
export function alignmentScore(a: MelodySteps, b: MelodySteps): number {
  const m = b.interval.length;
  let prev = new Float32Array(m + 1);
  let cur = new Float32Array(m + 1);
  let best = 0;
  for (let i = 1; i <= a.interval.length; i++) {
    for (let j = 1; j <= m; j++) {
      let h = prev[j - 1] + stepScore(a, i - 1, b, j - 1);
      if (prev[j] + GAP > h) h = prev[j] + GAP;
      if (cur[j - 1] + GAP > h) h = cur[j - 1] + GAP;
      cur[j] = h > 0 ? h : 0;
      if (cur[j] > best) best = cur[j];
    }
    [prev, cur] = [cur, prev];
  }
  return best;
}

/**
 * Note-level alignment, the measure compareMelodies uses. The step alignment above breaks when the melody
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
/** Notes aligned for a full 100: 25 notes, the same phrase length as FULL_PHRASE_STEPS. */
export const FULL_PHRASE_NOTES = FULL_PHRASE_STEPS + 1;
export const MIN_PHRASE_NOTES = MIN_PHRASE_STEPS + 1;

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
 * mod 12 and sameRhythm is 1 when the durations agree — the index of the cell's score in a NOTE_SCORES row.
 */
interface NotePairs {
  n: number;
  m: number;
  code: Uint8Array;
}

function notePairs(q: NoteSequence, r: NoteSequence): NotePairs {
  const n = q.pitchClass.length;
  const m = r.pitchClass.length;
  const code = new Uint8Array(n * m);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      const offset = (q.pitchClass[i] - r.pitchClass[j] + 12) % 12;
      const sameRhythm = Math.abs(q.relDuration[i] - r.relDuration[j]) <= NOTE_RHYTHM_TOLERANCE_LOG2 ? 1 : 0;
      code[i * m + j] = offset * 2 + sameRhythm;
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

/** Best local alignment score under transposition t; with `reverse`, the reference is read backwards (null model). */
function noteAlignmentScore(p: NotePairs, t: number, reverse: boolean): number {
  const { n, m, code } = p;
  const scores = NOTE_SCORES.subarray(t * 24, t * 24 + 24);
  let prev = new Float32Array(m + 1);
  let cur = new Float32Array(m + 1);
  let best = 0;
  for (let i = 1; i <= n; i++) {
    const row = (i - 1) * m;
    for (let j = 1; j <= m; j++) {
      const rj = reverse ? m - j : j - 1;
      let h = prev[j - 1] + scores[code[row + rj]];
      if (prev[j] + NOTE_GAP > h) h = prev[j] + NOTE_GAP;
      if (cur[j - 1] + NOTE_GAP > h) h = cur[j - 1] + NOTE_GAP;
      cur[j] = h > 0 ? h : 0;
      if (cur[j] > best) best = cur[j];
    }
    [prev, cur] = [cur, prev];
  }
  return best;
}

/** Full note alignment under transposition t, with traceback: aligned note pairs (query, reference), in order. */
function alignNotes(p: NotePairs, t: number): { score: number; pairs: [number, number][] } {
  const { n, m } = p;
  const W = m + 1;
  const H = new Float32Array((n + 1) * W);
  let best = 0;
  let bi = 0;
  let bj = 0;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) {
      let h = H[(i - 1) * W + j - 1] + noteScore(p, (i - 1) * m + j - 1, t);
      if (H[(i - 1) * W + j] + NOTE_GAP > h) h = H[(i - 1) * W + j] + NOTE_GAP;
      if (H[i * W + j - 1] + NOTE_GAP > h) h = H[i * W + j - 1] + NOTE_GAP;
      if (h < 0) h = 0;
      H[i * W + j] = h;
      if (h > best) {
        best = h;
        bi = i;
        bj = j;
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
  let bestT = 0;
  let bestScore = -1;
  let nullScore = 0;
  for (let t = 0; t < 12; t++) {
    const s = noteAlignmentScore(p, t, false);
    if (s > bestScore) {
      bestScore = s;
      bestT = t;
    }
    nullScore = Math.max(nullScore, noteAlignmentScore(p, t, true));
  }
  const alignment = alignNotes(p, bestT);
  if (alignment.pairs.length < 2) return none;
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
