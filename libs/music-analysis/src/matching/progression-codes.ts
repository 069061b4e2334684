/**
 * Chord progressions as scale-degree tokens (roman numerals relative to the key) and their 3- and 4-chord
 * n-gram keys: what compare-chords.ts compares and prior-art.ts counts across the catalogue.
 */
import type { ChordSegment, KeyEstimate, TrackFeatures } from '../types';

/** N-gram lengths: a 3-chord cell is the shortest unit heard as a progression; 4 chords is the usual loop. */
export const CHORD_NGRAM_SIZES = [3, 4] as const;
/** Token alphabet: 12 degrees × {major, minor}. */
const TOKENS = 24;

/** One chord change: degree token and where it sounds. */
export interface DegreeChord {
  /** degree × 2 + (minor ? 1 : 0), degree 0–11 semitones above the key's major-mode tonic. */
  token: number;
  start: number;
  end: number;
}

/**
 * The tonic the degrees are counted from. Minor keys are read from their relative major (A minor → C), so a
 * key estimate that confuses relative major and minor — the commonest key-finding error — leaves the degrees
 * unchanged.
 */
export function degreeTonic(key: KeyEstimate): number {
  return key.mode === 'minor' ? (key.tonic + 3) % 12 : key.tonic;
}

/** Chords as degree tokens, repeated chords merged into one change, no-chord spans dropped. */
export function degreeChords(chords: ChordSegment[], key: KeyEstimate): DegreeChord[] {
  const tonic = degreeTonic(key);
  const out: DegreeChord[] = [];
  for (const c of chords) {
    if (c.root < 0 || c.quality === 'none') continue;
    const token = ((c.root - tonic + 12) % 12) * 2 + (c.quality === 'min' ? 1 : 0);
    const last = out[out.length - 1];
    if (last && last.token === token) last.end = c.end;
    else out.push({ token, start: c.start, end: c.end });
  }
  return out;
}

/** Numeric key of the n-gram starting at `i`: base-24 digits with the length in front, so 3- and 4-grams never collide. */
export function ngramKey(tokens: ArrayLike<number>, i: number, n: number): number {
  let key = n;
  for (let k = 0; k < n; k++) key = key * TOKENS + tokens[i + k];
  return key;
}

/** Distinct chord-degree n-gram keys of a track (n = 3, 4). */
export function chordNgramSet(f: Pick<TrackFeatures, 'chords' | 'key'>): Set<number> {
  const tokens = degreeChords(f.chords, f.key).map((c) => c.token);
  const set = new Set<number>();
  for (const n of CHORD_NGRAM_SIZES) for (let i = 0; i + n <= tokens.length; i++) set.add(ngramKey(tokens, i, n));
  // Too short for any n-gram: the whole progression is one (its length prefix keeps it apart from 3- and 4-grams).
  if (set.size === 0 && tokens.length > 0) set.add(ngramKey(tokens, 0, tokens.length));
  return set;
}
