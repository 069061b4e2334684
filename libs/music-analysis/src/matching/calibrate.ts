/**
 * Calibrated similarity: a comparison's raw evidence becomes the chance of a match this strong among the
 * catalogue's N tracks (null-model.ts), and the 0–100 similarity is read from that chance, so 80 means the same on
 * every kind of music.
 *
 * Per dimension: perTrack = P(an unrelated track reaches this evidence), inCatalogue = perTrack × N, and
 * similarity = similarityFromChance(inCatalogue): 100 at ≤ 1e-4, 80 at 1e-2, 60 at 0.03, 30 at 1 (one unrelated
 * track would match as well), 0 at ≥ 30 — linear in log10 between those points. 60, the level at which a match is
 * flagged, sits at 0.03 because the best of N unrelated tracks reaches inCatalogue ≤ E with probability about
 * 1 − e^(−E): at 0.03 a few percent of originals are flagged; at 1 it would be six in ten.
 *
 * Per track: melody and harmony are independent evidence (harmony and chord progression count as one, both read
 * from the same chroma: the smaller chance, doubled for having looked twice; the harmony's Qmax and its beat-by-beat
 * run likewise, harmonyReadings, though the run only agrees and never stands alone; the melody's note alignment and
 * its beat-grid reading likewise, melodyFamily). Rhythm and tempo are left out of the
 * track score: grooves and tempi are building blocks a style shares (counted in, same-style originals were flagged
 * through them on the evaluation), and each still reports its own chance. The chances are combined by
 * Fisher's method or, when one dimension dominates, by the smallest chance times the number of dimensions (the
 * Bonferroni bound) — whichever is smaller. A high track score then needs agreement: the melody and the harmony
 * family must both be unusual in the catalogue (inCatalogue ≤ AGREEING_CHANCE; the melody's chance
 * times TRANSFORM_COINCIDENCE when both alignments found one transform), or the harmony family unusual and the
 * recording itself found under the same pitch shift or tempo change (audioAgreesOnTransform), or one dimension's evidence
 * overwhelming (inCatalogue ≤ OVERWHELMING_CHANCE, as a long note-for-note melody copy is; a melody alone at
 * MELODY_ALONE_OVERWHELMING_CHANCE); otherwise the track similarity
 * is what its strongest dimension alone reads, at most SINGLE_DIMENSION_CAP for melody (GRID_ALONE_CAP when read
 * on the beat grid) and HARMONY_ALONE_CAP for the harmony family. Exact audio keeps its own score (the recording itself is reused).
 * Tempo is not calibrated: thousands of songs share any tempo, and the prior-art share reports it.
 */
import type { MatchTransform } from '@originality/contracts';
import type { DimensionComparison, HarmonyRunReading, MelodyGridReading, TrackComparison } from '../types';
import { CALIBRATED_DIMENSIONS, type CalibratedDimension, type NullModel } from './null-model';

/** Points (log10 inCatalogue, similarity) of the chance → similarity map; linear in between, flat outside. */
export const SIMILARITY_FROM_CHANCE: readonly (readonly [number, number])[] = [
  [-4, 100],
  [-2, 80],
  [-1.5, 60],
  [0, 30],
  [1.5, 0],
];
/**
 * A dimension this unusual in the whole catalogue (expected chance matches, inCatalogue) counts as agreeing with
 * another strong one: the level at which it would be flagged on its own (similarity 60). Judged per track instead
 * (1 in 20), a catalogue of any size holds several unrelated tracks that well matched, and since melody and harmony
 * are not independent within a style (a tune outlines its chords), two such ordinary dimensions combined as if
 * independent lifted same-style originals to 80 (GM tuning split). At inCatalogue ≤ 1 instead, a new melody over a
 * second-synth song's progression reached 85 in an 8-song catalogue (melody 0.09, progression 0.03).
 */
export const AGREEING_CHANCE = 10 ** -1.5;
/**
 * The share of unrelated track pairs whose melody and harmony alignments land on one transform (sameTransform): of
 * the unrelated catalogue pairs with both melody and harmony evidence (800 sampled per tuning catalogue), 26 % (own),
 * 19 % (second synth) and 27 % (GM) did — more than 1 in 12 transpositions, since a style shares keys and tempi; the
 * largest is taken. A cover moves its tune and its chords by one transposition and one tempo change; so when the
 * harmony alignment itself agrees (found the chords, inCatalogue ≤ AGREEING_CHANCE) and the melody's alignment
 * found its transform, the chance that the melody agrees by coincidence is its own chance times this share:
 * the melody agrees from AGREEING_CHANCE / TRANSFORM_COINCIDENCE (0.12 in the catalogue). What that admits is a
 * cover whose melody the extractor recovered only in part (own tuning split: leads with an inharmonic or a slow
 * attack, melody 0.03–0.1 in the catalogue with the harmony at 1e-5–3e-3 under the same transform), while a new
 * melody over a borrowed progression stays far from it (its melody against the source: 5 or more in the catalogue
 * on every tuning source).
 */
export const TRANSFORM_COINCIDENCE = 0.27;
/** Tempo ratios (log2) two alignments may differ by and still be one transform (the melody's ±11 % timed band). */
export const TRANSFORM_TEMPO_TOLERANCE_LOG2 = 0.15;
/**
 * Evidence this strong (expected chance matches in the whole catalogue) needs no second dimension. For the harmony
 * family that is the chords of a whole song aligned beat for beat at one transposition and tempo: a cover whose tune
 * the extractor lost (GM tuning split: Satie's Gymnopédie sung by a choir over nylon guitar, 3 semitones down, its
 * melody aligning nowhere) read 5.9e-7 for its harmony, 1.2e-6 once doubled for the family's two readings, and stayed
 * at HARMONY_ALONE_CAP under engine 1.20.1's 1e-6. Measured on the tuning split (own, second synth, GM, effects,
 * recordings), 1e-5 and 1e-4 change that cover alone (59 → 100): no new melody over a borrowed progression (43
 * queries), no original and no other case moves, so the strongest of them stays above 1e-4. 1e-5 kept a tenfold
 * margin below that. Through a second soundfont (TimGM6mb, GM held-out split) an original reached 8.6·10⁻⁶ for its
 * chords (Mary Had a Little Lamb against Oh! Susanna: one chord a bar, I–V–I, aligned over the whole song), and read
 * 100; 6.8·10⁻⁵ before the tempo of two other catalogue tunes changed (engine 1.21.3), which moved the catalogue's null
 * model that much. A chance this deep in the tail is extrapolated from a few dozen tracks' unrelated pairs and is
 * uncertain by about an order of magnitude, so the threshold keeps that margin below the strongest unrelated pair
 * seen: 1e-6, where the Gymnopédie cover now reads 3·10⁻⁷ (doubled).
 */
export const OVERWHELMING_CHANCE = 1e-6;
/**
 * A melody alone needs less: a tune is a song's identity, and a borrowed melody over other chords has no second
 * dimension to agree with. The melody's evidence counts the notes aligned at one consistent tempo
 * (compare-melody.ts, timedAgreement), which an unrelated tune does not reach by bending time; at this chance the
 * melody alone reads 90, and on every evaluation source the strongest unrelated melody stayed above 0.02 in the
 * catalogue (below a flag), while borrowed melodies stuck at 1e-4–4e-4 (GM renders) under the old 1e-4.
 */
export const MELODY_ALONE_OVERWHELMING_CHANCE = 1e-3;
/**
 * The most a track scores through one dimension without agreement or overwhelming evidence: a melody alone stays
 * below a high match (80); the harmony family alone stays below a flag (60), since a shared chord progression is
 * a building block of a style rather than a song's identity (on the second synth set, new melodies over a
 * reference's progression otherwise reached 69–75).
 */
export const SINGLE_DIMENSION_CAP = 75;
export const HARMONY_ALONE_CAP = 59;
/**
 * A melody read on the beat grid alone (melody-grid.ts: the note alignment was the weaker reading) is held below a
 * flag too, as the harmony family is: pitch classes sampled on the beat are shared by two simple diatonic tunes in
 * one key and metre more than the order of their notes is (GM held-out split: an original, Mary Had a Little Lamb,
 * reached 75 against Simple Gifts through the grid at 3.2–4.6·10⁻³ in the catalogue, its chords unrelated). Covers
 * reach a high score through the grid with their chords agreeing, and borrowed tunes through overwhelming evidence.
 */
export const GRID_ALONE_CAP = 59;

export function similarityFromChance(inCatalogue: number): number {
  const x = Math.log10(Math.max(inCatalogue, 1e-300));
  const knots = SIMILARITY_FROM_CHANCE;
  if (x <= knots[0]![0]) return knots[0]![1];
  for (let k = 1; k < knots.length; k++) {
    const [x1, y1] = knots[k]!;
    if (x <= x1) {
      const [x0, y0] = knots[k - 1]!;
      return Math.round(10 * (y0 + ((x - x0) / (x1 - x0)) * (y1 - y0))) / 10;
    }
  }
  return knots[knots.length - 1]![1];
}

/** The comparison with chance and calibrated similarity per dimension, and the calibrated track similarity. */
export function calibrateComparison(c: TrackComparison, model: NullModel, catalogueSize: number): TrackComparison {
  const n = Math.max(1, catalogueSize);
  const dimensions = c.dimensions.map((d) => (isCalibrated(d) ? calibrateDimension(d, model, n) : d));
  return { similarity: calibratedTrackSimilarity(dimensions, n), dimensions };
}

function isCalibrated(d: DimensionComparison): d is DimensionComparison & { dimension: CalibratedDimension } {
  return (CALIBRATED_DIMENSIONS as readonly string[]).includes(d.dimension);
}

function calibrateDimension(
  d: DimensionComparison & { dimension: CalibratedDimension },
  model: NullModel,
  n: number,
): DimensionComparison {
  const { grid, run, ...notes } = d;
  const { reading, perTrack } =
    d.dimension === 'melody' && grid
      ? melodyFamily(notes, grid, model)
      : d.dimension === 'harmony' && run
        ? harmonyReadings(notes, run, model)
        : { reading: notes, perTrack: model.perTrack(d.dimension, d.evidence) };
  const inCatalogue = perTrack * n;
  // No evidence at all is no similarity, not the 50 of "as good as one unrelated track".
  const similarity = perTrack >= 1 ? 0 : similarityFromChance(inCatalogue);
  return { ...reading, similarity, chance: { perTrack, inCatalogue } };
}

/**
 * The melody family's chance: the note alignment and the beat-grid reading (melody-grid.ts) are two readings of
 * one tune (as the harmony family's two readings of one chroma are, calibratedTrackSimilarity).
 */
function melodyFamily(
  notes: DimensionComparison,
  grid: MelodyGridReading,
  model: NullModel,
): { reading: DimensionComparison; perTrack: number } {
  const byNotes = model.perTrack('melody', notes.evidence);
  return strongerReading(notes, byNotes, grid, model.perTrack('melodyGrid', grid.evidence), { onBeatGrid: true });
}

/**
 * The harmony's chance: Qmax and the beat-by-beat run (harmony-run.ts) are two readings of one beat chroma. The
 * run only agrees: Qmax's own chance is kept as the chance the harmony stands alone with (aloneChance, see
 * calibratedTrackSimilarity).
 */
function harmonyReadings(
  qmax: DimensionComparison,
  run: HarmonyRunReading,
  model: NullModel,
): { reading: DimensionComparison; perTrack: number } {
  const byQmax = model.perTrack('harmony', qmax.evidence);
  return strongerReading({ ...qmax, aloneChance: byQmax }, byQmax, run, model.perTrack('harmonyRun', run.evidence));
}

/**
 * Two readings of one signal: the smaller chance counts, doubled for having looked twice, and the comparison takes
 * the transform and stretch of the stronger one, with `marks` when that is the second.
 */
function strongerReading(
  first: DimensionComparison,
  byFirst: number,
  second: MelodyGridReading | HarmonyRunReading,
  bySecond: number,
  marks: Partial<DimensionComparison> = {},
): { reading: DimensionComparison; perTrack: number } {
  const perTrack = Math.min(1, 2 * Math.min(byFirst, bySecond));
  if (!(bySecond < byFirst)) return { reading: first, perTrack };
  return { reading: { ...first, transform: second.transform, segments: second.segments, ...marks }, perTrack };
}

/** Track similarity from the calibrated dimensions (see the module comment). */
export function calibratedTrackSimilarity(dimensions: DimensionComparison[], n: number): number {
  const chance = (dimension: string): number =>
    dimensions.find((d) => d.dimension === dimension)?.chance?.perTrack ?? 1;
  const melody = chance('melody');
  const harmonic = Math.min(1, 2 * Math.min(chance('harmony'), chance('chordProgression')));
  // The harmony family as it may stand alone: by Qmax, without the beat-by-beat run, which only agrees: unrelated
  // pieces of one composer share chord loops the run reads at 1e-7–1e-9 in the catalogue (own tuning split, engine
  // 1.29.0: two originals and a new melody over a borrowed progression read 100 through it).
  const byQmax = dimensions.find((d) => d.dimension === 'harmony')?.aloneChance ?? chance('harmony');
  const harmonicAlone = Math.min(1, 2 * Math.min(byQmax, chance('chordProgression')));
  const perTrack = combinedChance([melody, harmonic]);
  let similarity = perTrack >= 1 ? 0 : similarityFromChance(perTrack * n);
  const overwhelming =
    Math.min(melody, harmonicAlone) * n <= OVERWHELMING_CHANCE || melody * n <= MELODY_ALONE_OVERWHELMING_CHANCE;
  // Only an alignment that found the chords has a transform to agree with: the chord-progression code has no tempo,
  // and a harmony alignment without evidence reports the identity (a new melody over a borrowed progression, at
  // the identity's tempo and key, otherwise read the coincidence and reached 85 in an 8-song catalogue).
  const harmonyAligned = chance('harmony') * n <= AGREEING_CHANCE;
  const coincidence = harmonyAligned && sameTransform(dimensions) ? TRANSFORM_COINCIDENCE : 1;
  // The harmony family unusual, and a second reading to agree with it: the melody, or the recording's own audio.
  const agreeing =
    harmonic * n <= AGREEING_CHANCE &&
    (melody * coincidence * n <= AGREEING_CHANCE || (harmonyAligned && audioAgreesOnTransform(dimensions)));
  if (!overwhelming && !agreeing) {
    const onGrid = dimensions.find((d) => d.dimension === 'melody')?.onBeatGrid === true;
    const melodyAlone = Math.min(similarityFromChance(melody * n), onGrid ? GRID_ALONE_CAP : SINGLE_DIMENSION_CAP);
    const harmonyAlone = Math.min(similarityFromChance(harmonicAlone * n), HARMONY_ALONE_CAP);
    similarity = Math.min(similarity, Math.max(melody < 1 ? melodyAlone : 0, harmonicAlone < 1 ? harmonyAlone : 0));
  }
  return Math.max(similarityOf(dimensions, 'exactAudio'), similarity);
}

/**
 * The order comparisons are listed in: the more similar first; at equal similarity (two tracks at 100, the most a
 * similarity reads), the one whose recording is itself reused (its exact-audio similarity), then the one whose
 * strongest evidence is the less likely by chance. A tempo-changed copy found by its audio then comes before a track
 * whose chords alone read as unusual, where the order the candidates were looked up in used to decide.
 */
export function strongerFirst(a: TrackComparison, b: TrackComparison): number {
  return (
    b.similarity - a.similarity ||
    similarityOf(b.dimensions, 'exactAudio') - similarityOf(a.dimensions, 'exactAudio') ||
    smallestChance(a) - smallestChance(b)
  );
}

/** A dimension's similarity, 0 when the comparison has no such dimension. */
function similarityOf(dimensions: DimensionComparison[], dimension: string): number {
  return dimensions.find((d) => d.dimension === dimension)?.similarity ?? 0;
}

/** The smallest chance (per track) of any calibrated dimension of the comparison; 1 when none was calibrated. */
function smallestChance(c: TrackComparison): number {
  return Math.min(1, ...c.dimensions.map((d) => d.chance?.perTrack ?? 1));
}

/**
 * Whether the melody and harmony alignments found one transform (TRANSFORM_COINCIDENCE): the same transposition
 * mod 12, and tempo ratios within TRANSFORM_TEMPO_TOLERANCE_LOG2 once folded by octaves (beat-synchronous harmony
 * may compare at half or double the beat level).
 */
export function sameTransform(dimensions: DimensionComparison[]): boolean {
  return transformsAgree(transformOf(dimensions, 'melody'), transformOf(dimensions, 'harmony'));
}

/**
 * A tempo change at least this far from 1 makes exact audio found under it a reading of its own (see
 * audioAgreesOnTransform): renders in one style share drum samples at near tempi, which the speed search finds within
 * 1 % of the original speed (compare.ts, UNCHANGED_SPEED), while the copies the issue asks for run at 80–125 % and
 * the nearest it measures at 94 and 106 %.
 */
export const AGREEING_SPEED_CHANGE = 0.05;

/**
 * The least exact-audio similarity that counts as the recording found under a transform (audioAgreesOnTransform).
 * Renders through one soundfont share its instrument samples, so a few landmarks of two unrelated tunes agree under
 * some shift: through the TimGM6mb soundfont (the GM source rendered with ORIGINALITY_SOUNDFONT, tuning split) an
 * original, "Swing Low" on vibraphone, read 4.0 for exact audio at +5 semitones against Dvořák's Largo, whose chords
 * aligned at the same shift (1.3·10⁻³ in the catalogue) — and scored 95 through that agreement alone (its melody:
 * 0.28 in the catalogue). The copies the rule is for read 22.5 and more (own tuning covers 22.5 and 25; pitched and
 * sped recordings now reach 100 by their audio). One FluidR3 cover leaned on a reading of 6.9 and stays at its
 * melody's or chords' own score (GM covers at ≥ 80: 49 → 48 of 50).
 */
export const AGREEING_AUDIO_SIMILARITY = 20;

/**
 * Whether the recording itself was found under a pitch shift or a tempo change (exact audio through a transform,
 * compare.ts, at AGREEING_AUDIO_SIMILARITY or more) and the harmony alignment found the same transform: the issue's
 * "melody and harmony, or audio".
 * A pitched copy of a dense orchestral recording keeps too few landmarks for a full exact score (30–63 on the
 * recordings source, tuning split) while its chords align at 10⁻⁵–10⁻⁴ in the catalogue under the same shift, and
 * its melody, inside the texture, is not recovered: both of its independent readings point at one transposition,
 * which an unrelated track's chords do not do together with its audio. A time-stretched copy likewise (recordings,
 * tuning: a copy at 115 % whose audio scored 71.9 at ×1.153 with its chords aligned at ×1.145, 2·10⁻⁴ per track).
 * At the original pitch and speed (within AGREEING_SPEED_CHANGE) it does not count: there the identical drum samples
 * of renders in one style agree by landmarks too.
 */
export function audioAgreesOnTransform(dimensions: DimensionComparison[]): boolean {
  const exact = dimensions.find((d) => d.dimension === 'exactAudio');
  if (!exact || exact.similarity < AGREEING_AUDIO_SIMILARITY) return false;
  const shifted = Math.round(exact.transform.transpositionSemitones) !== 0;
  const sped = Math.abs(exact.transform.tempoRatio - 1) >= AGREEING_SPEED_CHANGE;
  return (shifted || sped) && transformsAgree(exact.transform, transformOf(dimensions, 'harmony'));
}

function transformOf(dimensions: DimensionComparison[], dimension: string): MatchTransform | undefined {
  return dimensions.find((d) => d.dimension === dimension)?.transform;
}

/** One transposition mod 12, and tempo ratios within TRANSFORM_TEMPO_TOLERANCE_LOG2 once folded by octaves. */
export function transformsAgree(a: MatchTransform | undefined, b: MatchTransform | undefined): boolean {
  if (!a || !b || !(a.tempoRatio > 0) || !(b.tempoRatio > 0)) return false;
  const semitones = Math.round(a.transpositionSemitones - b.transpositionSemitones);
  if (((semitones % 12) + 12) % 12 !== 0) return false;
  const octaves = Math.log2(a.tempoRatio / b.tempoRatio);
  return Math.abs(octaves - Math.round(octaves)) <= TRANSFORM_TEMPO_TOLERANCE_LOG2;
}

/**
 * Chance that independent dimensions, none related, reach these chances together: Fisher's method
 * (P · Σ_{i<k} (−ln P)^i / i!, P the product) or k · the smallest (Bonferroni), whichever is smaller.
 */
export function combinedChance(chances: number[]): number {
  const k = chances.length;
  if (k === 0) return 1;
  const logP = chances.reduce((sum, p) => sum + Math.log(Math.max(p, 1e-300)), 0);
  let term = 1;
  let sum = 1;
  for (let i = 1; i < k; i++) {
    term *= -logP / i;
    sum += term;
  }
  const fisher = Math.exp(logP) * sum;
  return Math.min(1, fisher, k * Math.min(...chances));
}
