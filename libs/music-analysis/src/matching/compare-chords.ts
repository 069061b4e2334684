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
import type { DimensionComparison, TrackFeatures } from '../types';
import type { PriorArtModel } from './prior-art';
import { IDENTITY_TRANSFORM, ScratchBuffer, foldSemitones, percent, segment } from './match-utils';
import { CHORD_NGRAM_SIZES, chordNgramSet, degreeChords, degreeTonic, type DegreeChord } from './progression-codes';

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
  const evidence = { score: similarity / 100, cells: 1 };
  if (similarity === 0) return { ...none, sharedShare, evidence };
  const path = alignTokens(q, r);
  if (!path) return { ...none, similarity, sharedShare, evidence };
  const qSpan = q[path.qEnd].end - q[path.qStart].start;
  const rSpan = r[path.rEnd].end - r[path.rStart].start;
  return {
    dimension: 'chordProgression',
    similarity,
    segments: [segment(q[path.qStart].start, q[path.qEnd].end, r[path.rStart].start, r[path.rEnd].end)],
    transform: { transpositionSemitones: transposition, tempoRatio: qSpan > 0 && rSpan > 0 ? rSpan / qSpan : 1 },
    sharedShare,
    // The mean rarity of the shared n-grams: what the weighting made of the shared progression.
    patternRarity: shared / sharedCount,
    evidence,
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
