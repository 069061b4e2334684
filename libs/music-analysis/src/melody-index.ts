/**
 * Melody retrieval for the catalogue's first stage: a cheap filter that finds covers and reused melodies the
 * chroma embedding misses (another band, other chords). Each melody is reduced to transposition-invariant
 * interval n-grams — three successive pitch-class intervals (mod 12, so octave errors of the extractor do not
 * matter), taken also with one note skipped between any two of the four notes, because extraction in a
 * mixture inserts stray accompaniment notes (see compare-melody.ts). Tracks are ranked by the idf-weighted
 * cosine of their n-gram counts; the full note alignment then re-ranks them.
 */
import type { MelodyNote } from './types';

/** 12³ interval trigrams. */
const CODES = 12 * 12 * 12;
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

/** Inverted index n-gram → (track, count), with document frequencies for idf weights. */
export class MelodyGramIndex {
  private readonly postings: Map<number, number>[] = Array.from({ length: CODES }, () => new Map());
  private readonly gramsOf = new Map<number, Map<number, number>>();

  add(trackNo: number, notes: MelodyNote[]): void {
    this.remove(trackNo);
    const grams = melodyGrams(notes);
    this.gramsOf.set(trackNo, grams);
    for (const [code, count] of grams) this.postings[code].set(trackNo, count);
  }

  remove(trackNo: number): void {
    const grams = this.gramsOf.get(trackNo);
    if (!grams) return;
    for (const code of grams.keys()) this.postings[code].delete(trackNo);
    this.gramsOf.delete(trackNo);
  }

  /** The `limit` tracks with the highest idf-weighted cosine to the query melody, best first. */
  query(notes: MelodyNote[], limit: number): { trackNo: number; score: number }[] {
    const n = this.gramsOf.size;
    if (n === 0 || limit <= 0) return [];
    const idf = (code: number): number => Math.log((1 + n) / (1 + this.postings[code].size));
    const dot = new Map<number, number>();
    let queryNorm = 0;
    for (const [code, q] of melodyGrams(notes)) {
      const w = idf(code);
      queryNorm += (q * w) ** 2;
      for (const [trackNo, r] of this.postings[code]) dot.set(trackNo, (dot.get(trackNo) ?? 0) + q * r * w * w);
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
