/**
 * Chord-progression comparison. Chords become scale degrees relative to each track's key (roman numerals),
 * so the same progression in another key reads the same. Matching counts the 3- and 4-chord n-grams both
 * tracks share, each weighted by its rarity in the catalogue (prior-art.ts): a progression that half the
 * catalogue uses (I–V–vi–IV) adds almost nothing, a rare one adds almost its full weight.
 *
 * The rule for a track against itself (or an exact copy): every n-gram is shared, so the similarity is the mean
 * rarity of its n-grams — high for a progression few catalogue tracks use, lower for a common one, and then
 * `sharedShare` = 1 tells the explanation that the progression is shared but common. A track whose whole
 * progression has fewer chord changes than the shortest n-gram (one chord, or two heard once — e.g. when most of
 * it reads as no-chord) is its own n-gram, so it still matches itself; only a track with no recognised chord has
 * nothing to compare (similarity 0, no `sharedShare`).
 */
import type { ChordSegment, DimensionComparison, KeyEstimate, TrackFeatures } from './types';
import type { PriorArtModel } from './prior-art';
import { IDENTITY_TRANSFORM, ScratchBuffer, foldSemitones, percent, segment } from './match-utils';

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

const ROMAN = ['I', 'bII', 'II', 'bIII', 'III', 'IV', '#IV', 'V', 'bVI', 'VI', 'bVII', 'VII'];

/** Roman-numeral spelling of a degree token: upper case major, lower case minor (e.g. "vi"). */
export function romanNumeral(token: number): string {
  const name = ROMAN[token >> 1];
  return token & 1 ? name.toLowerCase() : name;
}

/** Roman-numeral spelling of an n-gram key, e.g. "I–V–vi–IV". */
export function ngramName(key: number): string {
  const tokens: number[] = [];
  let k = key;
  while (k >= TOKENS) {
    tokens.unshift(k % TOKENS);
    k = Math.floor(k / TOKENS);
  }
  return tokens.map(romanNumeral).join('–');
}

export function compareChordProgressions(
  query: TrackFeatures,
  ref: TrackFeatures,
  priorArt: PriorArtModel,
): DimensionComparison {
  const q = degreeChords(query.chords, query.key);
  const r = degreeChords(ref.chords, ref.key);
  const qSet = chordNgramSet(query);
  const rSet = chordNgramSet(ref);
  const transposition = foldSemitones(degreeTonic(query.key) - degreeTonic(ref.key));
  const none: DimensionComparison = {
    dimension: 'chordProgression',
    similarity: 0,
    segments: [],
    transform: { ...IDENTITY_TRANSFORM, transpositionSemitones: transposition },
  };
  if (qSet.size === 0 || rSet.size === 0) return none;
  let shared = 0;
  let sharedCount = 0;
  for (const key of qSet)
    if (rSet.has(key)) {
      shared += priorArt.chordNgramRarity(key);
      sharedCount++;
    }
  // Normalised by the shorter track's vocabulary: a rare progression that makes up all of either track is a full match.
  const vocabulary = Math.min(qSet.size, rSet.size);
  const similarity = percent(shared / vocabulary);
  const sharedShare = Math.min(1, sharedCount / vocabulary);
  if (similarity === 0) return { ...none, sharedShare };
  const path = alignTokens(q, r);
  if (!path) return { ...none, similarity, sharedShare };
  const qSpan = q[path.qEnd].end - q[path.qStart].start;
  const rSpan = r[path.rEnd].end - r[path.rStart].start;
  return {
    dimension: 'chordProgression',
    similarity,
    segments: [segment(q[path.qStart].start, q[path.qEnd].end, r[path.rStart].start, r[path.rEnd].end)],
    transform: { transpositionSemitones: transposition, tempoRatio: qSpan > 0 && rSpan > 0 ? rSpan / qSpan : 1 },
    sharedShare,
  };
}

interface TokenPath {
  qStart: number;
  qEnd: number;
  rStart: number;
  rEnd: number;
}

/** The chord alignment matrix, reused from one comparison to the next (see ScratchBuffer). */
const tokenAlignment = new ScratchBuffer();

/** Smith–Waterman on chord tokens (match +1, mismatch and gap −1): where the longest shared progression sits. */
function alignTokens(q: DegreeChord[], r: DegreeChord[]): TokenPath | null {
  const n = q.length;
  const m = r.length;
  const W = m + 1;
  const H = tokenAlignment.float32((n + 1) * W);
  H.fill(0, 0, W); // row and column 0 are the alignment's zero boundary; the DP writes every other cell it reads
  let best = 0;
  let bi = 0;
  let bj = 0;
  for (let i = 1; i <= n; i++) {
    H[i * W] = 0;
    for (let j = 1; j <= m; j++) {
      const diag = H[(i - 1) * W + j - 1] + (q[i - 1].token === r[j - 1].token ? 1 : -1);
      const h = Math.max(0, diag, H[(i - 1) * W + j] - 1, H[i * W + j - 1] - 1);
      H[i * W + j] = h;
      if (h > best) {
        best = h;
        bi = i;
        bj = j;
      }
    }
  }
  if (best < CHORD_NGRAM_SIZES[0]) return null;
  let i = bi;
  let j = bj;
  while (i > 0 && j > 0 && H[i * W + j] > 0) {
    const h = H[i * W + j];
    if (h === H[(i - 1) * W + j - 1] + (q[i - 1].token === r[j - 1].token ? 1 : -1)) {
      i--;
      j--;
    } else if (h === H[(i - 1) * W + j] - 1) i--;
    else j--;
  }
  return { qStart: i, qEnd: bi - 1, rStart: j, rEnd: bj - 1 };
}
