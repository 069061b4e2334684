/**
 * Melody retrieval for the catalogue's first stage: a cheap filter that finds covers and reused melodies the
 * chroma embedding misses (another band, other chords). Each melody is reduced to transposition-invariant
 * interval n-grams — three successive pitch-class intervals (mod 12, so octave errors of the extractor do not
 * matter), taken also with one note skipped between any two of the four notes, because extraction in a
 * mixture inserts stray accompaniment notes (see compare-melody.ts). Tracks are ranked by the idf-weighted
 * cosine of their n-gram counts; the full note alignment then re-ranks them.
 *
 * A second, coarser route indexes the melody's contour: each step's direction (up, down, repeat) with its
 * rhythm (the ratio of successive inter-onset intervals, in half-octave classes), CONTOUR_GRAM_STEPS steps per
 * gram. Plucked and bell leads decay fast and bells have inharmonic partials, so the extractor often reads a
 * wrong pitch class (a neighbour, a fifth or an octave-and-a-bit off) while the direction of the step and its
 * timing survive; a single such error breaks every interval n-gram it touches but few contour n-grams.
 */
import { CONTOUR_GRAM_STEPS, CONTOUR_RHYTHM_MAX_OCTAVES, CONTOUR_RHYTHM_STEPS_PER_OCTAVE } from './constants';
import type { MelodyNote } from './types';

/** Largest step between n-gram notes: 1 = neighbours, 2 = one note skipped. */
const MAX_SKIP = 2;

/** n-gram code → count, for one melody. */
export function melodyGrams(notes: MelodyNote[]): Map<number, number> {
  const pc = notes.map((n) => ((Math.round(n.pitch) % 12) + 12) % 12);
  const grams = new Map<number, number>();
  const interval = (a: number, b: number): number => (pc[b] - pc[a] + 12) % 12;
  for (let i = 0; i < pc.length; i++)
    for (let j = i + 1; j <= i + MAX_SKIP && j < pc.length; j++)
      for (let k = j + 1; k <= j + MAX_SKIP && k < pc.length; k++)
        for (let l = k + 1; l <= k + MAX_SKIP && l < pc.length; l++) {
          const code = (interval(i, j) * 12 + interval(j, k)) * 12 + interval(k, l);
          grams.set(code, (grams.get(code) ?? 0) + 1);
        }
  return grams;
}

/** Rhythm classes of a contour step: −max…+max half octaves. */
const RHYTHM_CLASSES = 2 * CONTOUR_RHYTHM_MAX_OCTAVES * CONTOUR_RHYTHM_STEPS_PER_OCTAVE + 1;
/** Contour symbols: 3 directions × rhythm classes. */
const CONTOUR_SYMBOLS = 3 * RHYTHM_CLASSES;
/** Shortest inter-onset interval considered (s), so a zero-length gap does not give an infinite ratio. */
const MIN_IOI_SEC = 1e-3;

/** Contour step symbols of a melody: direction (down, repeat, up) × IOI-ratio class. */
export function contourSteps(notes: MelodyNote[]): number[] {
  const ioi = (i: number): number =>
    Math.max(MIN_IOI_SEC, i + 1 < notes.length ? notes[i + 1].start - notes[i].start : notes[i].duration);
  const maxClass = CONTOUR_RHYTHM_MAX_OCTAVES * CONTOUR_RHYTHM_STEPS_PER_OCTAVE;
  const out: number[] = [];
  for (let i = 0; i + 1 < notes.length; i++) {
    const direction = Math.sign(Math.round(notes[i + 1].pitch - notes[i].pitch)) + 1;
    const ratio = Math.round(Math.log2(ioi(i + 1) / ioi(i)) * CONTOUR_RHYTHM_STEPS_PER_OCTAVE);
    out.push(direction * RHYTHM_CLASSES + Math.max(-maxClass, Math.min(maxClass, ratio)) + maxClass);
  }
  return out;
}

/** n-gram code → count of CONTOUR_GRAM_STEPS successive contour steps. */
export function contourGrams(notes: MelodyNote[]): Map<number, number> {
  const steps = contourSteps(notes);
  const grams = new Map<number, number>();
  for (let i = 0; i + CONTOUR_GRAM_STEPS <= steps.length; i++) {
    let code = 0;
    for (let j = 0; j < CONTOUR_GRAM_STEPS; j++) code = code * CONTOUR_SYMBOLS + steps[i + j]!;
    grams.set(code, (grams.get(code) ?? 0) + 1);
  }
  return grams;
}

/**
 * Inverted index n-gram code → (track, count), with document frequencies for idf weights; tracks are ranked by the
 * idf-weighted cosine of their n-gram counts to the query's. Shared by the melody and chroma n-gram routes.
 */
export class GramIndex {
  private readonly postings = new Map<number, Map<number, number>>();
  private readonly gramsOf = new Map<number, Map<number, number>>();

  add(trackNo: number, grams: Map<number, number>): void {
    this.remove(trackNo);
    this.gramsOf.set(trackNo, grams);
    for (const [code, count] of grams) {
      let posting = this.postings.get(code);
      if (!posting) this.postings.set(code, (posting = new Map()));
      posting.set(trackNo, count);
    }
  }

  remove(trackNo: number): void {
    const grams = this.gramsOf.get(trackNo);
    if (!grams) return;
    for (const code of grams.keys()) {
      const posting = this.postings.get(code)!;
      posting.delete(trackNo);
      if (posting.size === 0) this.postings.delete(code);
    }
    this.gramsOf.delete(trackNo);
  }

  /** The `limit` tracks with the highest idf-weighted cosine to the query's n-gram counts, best first. */
  query(queryGrams: Map<number, number>, limit: number): { trackNo: number; score: number }[] {
    const n = this.gramsOf.size;
    if (n === 0 || limit <= 0) return [];
    const idf = (code: number): number => Math.log((1 + n) / (1 + (this.postings.get(code)?.size ?? 0)));
    const dot = new Map<number, number>();
    let queryNorm = 0;
    for (const [code, q] of queryGrams) {
      const w = idf(code);
      queryNorm += (q * w) ** 2;
      for (const [trackNo, r] of this.postings.get(code) ?? [])
        dot.set(trackNo, (dot.get(trackNo) ?? 0) + q * r * w * w);
    }
    if (!(queryNorm > 0)) return [];
    const out: { trackNo: number; score: number }[] = [];
    for (const [trackNo, d] of dot) out.push({ trackNo, score: d / Math.sqrt(queryNorm * this.norm(trackNo, idf)) });
    return out.sort((a, b) => b.score - a.score).slice(0, limit);
  }

  private norm(trackNo: number, idf: (code: number) => number): number {
    let s = 0;
    for (const [code, r] of this.gramsOf.get(trackNo)!) s += (r * idf(code)) ** 2;
    return s || 1;
  }
}

/** Melody n-grams of each track (see the top of this file): by pitch-class intervals, or by contour. */
export class MelodyGramIndex {
  private readonly grams = new GramIndex();

  constructor(private readonly gramsOf: (notes: MelodyNote[]) => Map<number, number> = melodyGrams) {}

  add(trackNo: number, notes: MelodyNote[]): void {
    this.grams.add(trackNo, this.gramsOf(notes));
  }

  remove(trackNo: number): void {
    this.grams.remove(trackNo);
  }

  /** The `limit` tracks with the highest idf-weighted cosine to the query melody, best first. */
  query(notes: MelodyNote[], limit: number): { trackNo: number; score: number }[] {
    return this.grams.query(this.gramsOf(notes), limit);
  }
}
