/**
 * Compares a query track with one reference track in every dimension and combines the result (score.ts).
 */
import type { DimensionComparison, Fingerprints, TrackComparison, TrackFeatures } from '../types';
import type { PriorArtModel } from './prior-art';
import { compareMelodies } from './compare-melody';
import { compareHarmony } from './compare-harmony';
import { withMelodyGrid } from './melody-grid';
import { harmonyAsScored } from './harmony-run';
import { compareChordProgressions } from './compare-chords';
import { compareRhythm, compareTempo } from './compare-rhythm';
import {
  MIN_EXACT_SECONDS,
  exactAudioPeak,
  matchFingerprints,
  type DirectFingerprintMatch,
  type FingerprintMatch,
} from './landmark-match';
import { matchTransformed, type LandmarkTransform, type TransformedMatch } from './transformed-match';
import { OVERLAP_FLOOR, peakOverlapNear, type PeakOverlap } from './peak-overlap';
import { similarityFromChance } from './calibrate';
import { IDENTITY_TRANSFORM, clamp, percent, segment } from './match-utils';
import { trackSimilarity } from './score';
import { MAX_REUSE_SEMITONES, REUSE_SPEED_RANGE, asReuseHint, withinReuseSpeeds } from './plausible-transforms';

/**
 * The chance that one unrelated track reaches an aligned stretch this strong against the query (landmark-match.ts
 * AlignedStretch), read as null-model.ts reads the other dimensions, from an exponential tail scaled by the area
 * searched (Karlin–Altschul): P(score ≥ s) = EXACT_NULL_SHARE · e^(−EXACT_NULL_RATE · (s − EXACT_NULL_SCORE)) ·
 * (query seconds × reference seconds) / EXACT_NULL_AREA. Measured on 5,107 query–reference pairs that should not
 * match (every query of the `effects` tuning split and of the small `own` evaluation against every catalogue track
 * but its source): 1.2 % reach a score of 4, 0.16 % 5, one pair 7 and one 8, so each further point divides the
 * chance by about e^1.05 (≈ 8 per clean second); those pairs searched 1,200 s² on average. A clean 5 s sample scores
 * ≈ 10 (≈ 10⁻⁵ per track against a 30 s reference), while the second or two of identical notes that unrelated
 * renders in the same instruments share stay at ≤ 6 (one pair of the 5,107 reached 8).
 */
export const EXACT_NULL_SCORE = 4;
export const EXACT_NULL_SHARE = 0.013;
export const EXACT_NULL_RATE = 1.05;
export const EXACT_NULL_AREA = 1200;

/** Chance that one unrelated track reaches this aligned-stretch score against a query (see EXACT_NULL_SCORE). */
export function exactAudioChance(score: number, querySec: number, refSec: number): number {
  const area = Math.max(querySec, 1) * Math.max(refSec, 1);
  const perArea = EXACT_NULL_SHARE * Math.exp(-EXACT_NULL_RATE * (score - EXACT_NULL_SCORE));
  return Math.min(1, perArea * (area / EXACT_NULL_AREA));
}

/** Fewer agreeing landmarks than this is chance (measured: unrelated 10 s excerpts reach 6–15 with shared chords). */
export const MIN_EXACT_VOTES = 16;
/**
 * Share of the query's landmarks (within the matched span) that must agree for a full score. Measured on a
 * 10 s excerpt: ≈ 65–75 % survive when clean or re-encoded as 64 kbit/s MP3, ≈ 25 % under 10 dB SNR white
 * noise; a sample mixed at equal loudness under other music keeps ≈ 10 % (its landmarks paired with the backing's
 * peaks are lost, and the backing's own landmarks fill the span). So 10 % counts a noisy copy and such a sample
 * as the same recording (robustness curve: 10–20 s samples 48–58 → 100; originals of the small evaluation still
 * reach no exact-audio match, which MIN_EXACT_VOTES and MIN_EXACT_SECONDS gate).
 */
export const FULL_EXACT_COVERAGE = 0.1;
/**
 * The same for a copy found under a pitch shift or tempo change: fewer landmarks survive the resynthesis
 * (measured on 20 s excerpts through ffmpeg's rubberband at ±2–3 semitones and tempo 0.85–1.06, and a 0.94
 * resample: 10–12 % agree, over 9–16 s), while unrelated pairs under the same transforms reach at most 6 votes
 * within 1 s, below MIN_EXACT_VOTES and MIN_EXACT_SECONDS. Produced recordings time-stretched to 80 and 90 % keep
 * 6.3 % (over 23 of 27–30 s), but 0.06 would not separate them from the own composer's originals whose drums,
 * rendered from the same samples at a near tempo, agree 4–5 % over 15–17 s (one original rose 53 → 73).
 */
export const FULL_TRANSFORMED_COVERAGE = 0.08;
/**
 * Seconds of agreeing audio that earn a transformed match its full score — a 5 s identical stretch is a sample;
 * below MIN_EXACT_SECONDS (landmark-match.ts) it is chance. The score rises linearly in between, so a span at the
 * chance level counts nothing rather than a full coverage-weighted 60 (two originals in the full evaluation scored
 * exactly 60 that way against unrelated catalogue pieces).
 */
export const FULL_EXACT_SECONDS = 5;

/**
 * A pitch shift alone (the tempo kept) is looked for up to an octave either way: a pitch-shifted copy of a recording
 * is exact reuse at any shift a producer makes (Pex claims −9 to +12 semitones), and its tune and chords align at that
 * shift as they do at ±3. They read it modulo the octave (chroma), so a copy 9 semitones up reads −3: each strong
 * alignment's shift is tried an octave up and down as well. Robustness curve on produced recordings (6 of the
 * recordings source's tuning split, 30 s each, rubberband): ±4…±12 semitones top-1 at ≥ 80 2–5 → 4–6 of 6, exact
 * audio 0 → 100 (median), ±3 and within unchanged.
 */
export const MAX_PITCHED_COPY_SEMITONES = 12;

/** Speeds within this of 1 are no speed change: the direct landmark match covers them. */
const UNCHANGED_SPEED = 0.01;
/**
 * Melody or harmony at least this similar makes the recording itself worth looking for under their transform
 * (a pitched or tempo-changed copy matches in both); weaker musical evidence leaves the exact match untransformed,
 * which keeps the extra lookups to the few candidates that might be copies.
 */
export const TRANSFORM_HINT_SIMILARITY = 40;

/**
 * A transform exact reuse is looked for under; `confirmByPeaks`: tried on weak evidence (measuredStretch), so only a
 * copy whose peaks show the recording along the landmarks' line counts.
 */
export interface ReuseTransform extends LandmarkTransform {
  confirmByPeaks?: true;
}

/**
 * Exact reuse of the recording: directly, scored by the chance of its aligned stretch among `catalogueSize`
 * unrelated tracks (significanceMatch), or through a pitch or tempo transform (exactMatch).
 */
export function compareExactAudio(
  query: TrackFeatures,
  ref: TrackFeatures,
  transforms: ReuseTransform[] = [],
  catalogueSize = 1,
): DimensionComparison {
  const none: DimensionComparison = {
    dimension: 'exactAudio',
    similarity: 0,
    segments: [],
    transform: IDENTITY_TRANSFORM,
  };
  const q = query.fingerprints;
  if (q.hashes.length === 0 || ref.fingerprints.hashes.length === 0) return none;
  const direct = matchFingerprints(q, ref.fingerprints);
  const peak = exactAudioPeak(direct, q.frameSec);
  let best = significanceMatch(direct, query.durationSec, ref.durationSec, catalogueSize, q.frameSec);
  for (const t of transforms) {
    if (best.similarity >= 100) break;
    const m = matchTransformed(q, ref.fingerprints, t);
    // A line fitted within 1 % of the original speed at the original pitch is the direct match's to judge, by its
    // stricter rule: the speed search found unrelated renders' identical drums there (an original 53 → 62).
    if (!m || (t.semitones === 0 && Math.abs(m.speed - 1) <= UNCHANGED_SPEED)) continue;
    const transform = { semitones: t.semitones, speed: m.speed };
    const match = exactMatch(m, transform, q.frameSec);
    const reading = () => peaksAlongLine(q, ref.fingerprints, m, transform);
    const candidate = judgedByPeaks(match, reading, q, transform, t.confirmByPeaks ?? false);
    if (candidate.similarity > best.similarity) best = candidate;
    // A transform tried on weak evidence or none counts only by the peaks' higher bar (judgedByPeaks), never below it.
    else if (best.similarity === 0 && !t.confirmByPeaks)
      best = transformedPeaks(q, ref.fingerprints, m, transform) ?? best;
  }
  return { ...(best.similarity > 0 ? best : none), peak };
}

/**
 * A direct landmark match scored by its significance: the similarity calibrate.ts reads from the chance that the
 * best of the catalogue's unrelated tracks reaches this aligned stretch (exactAudioChance × catalogue size), with
 * the stretch's time range in both tracks. A chance at the level of one unrelated track (≥ 1), or agreement within
 * fewer seconds than the stretch's rule asks (MIN_EXACT_SECONDS; a dense query: landmark-match.ts
 * DENSE_MIN_SECONDS), is no similarity.
 */
function significanceMatch(
  m: DirectFingerprintMatch,
  querySec: number,
  refSec: number,
  catalogueSize: number,
  frameSec: number,
): DimensionComparison {
  // Agreement within fewer seconds than this (MIN_EXACT_SECONDS; 5 for a dense query) is what renders in the same
  // instruments share by chance.
  const perTrack =
    m.stretch.score > 0 && m.matchedSeconds >= m.evidence.seconds
      ? exactAudioChance(m.stretch.score, querySec, refSec)
      : 1;
  const inCatalogue = perTrack * Math.max(1, catalogueSize);
  const similarity = perTrack >= 1 ? 0 : similarityFromChance(inCatalogue);
  const { queryStart, queryEnd } = m.stretch;
  return {
    dimension: 'exactAudio',
    similarity,
    segments:
      similarity > 0
        ? [
            segment(
              queryStart * frameSec,
              queryEnd * frameSec,
              (queryStart + m.offset) * frameSec,
              (queryEnd + m.offset) * frameSec,
            ),
          ]
        : [],
    transform: IDENTITY_TRANSFORM,
    ...(similarity > 0 && { chance: { perTrack, inCatalogue } }),
  };
}

/**
 * A transformed landmark match judged by the reference's peaks along its line (`reading`, read only when needed).
 * A match whose coverage fell short of full (FULL_TRANSFORMED_COVERAGE) shows at full similarity when the peaks show
 * the recording itself (recordingByPeaks), else as its landmarks scored it. Rubberband keeps a produced recording's
 * single peaks better than their pairs: five Wesnoth excerpts pitched 3 semitones or played at 80 or 125 % kept 4–6 %
 * of their landmarks along the line (exact audio 50–77) but 34–50 % of their peaks, 3–6 % a few seconds off it.
 * A transform tried on weak evidence (`weakHint`: measuredStretch's) counts only when its landmarks fit a line
 * that scores (MIN_EXACT_VOTES, MIN_EXACT_SECONDS) and the peaks clear the higher bar of WEAK_HINT_PEAKS; otherwise
 * it shows nothing, whatever the landmarks alone would score.
 */
function judgedByPeaks(
  match: DimensionComparison,
  reading: () => PeakReading,
  query: Fingerprints,
  t: LandmarkTransform,
  weakHint: boolean,
): DimensionComparison {
  if (weakHint) {
    const none = { ...match, similarity: 0, segments: [] };
    return match.similarity === 0 ? none : (recordingByPeaks(reading(), query, t, WEAK_HINT_PEAKS) ?? none);
  }
  if (match.similarity === 0 || match.similarity >= 100) return match;
  return recordingByPeaks(reading(), query, t) ?? match;
}

/**
 * A copy under a transform whose landmarks do not survive it, found by its peaks (peak-overlap.ts) along the line
 * the few agreeing landmarks fitted. Rubberband's pitch shift keeps a produced recording's single peaks where it
 * breaks their pairs: a Wesnoth track 1 semitone down kept 4 agreeing landmarks, but 139 of its 300 stored peaks
 * at the line (46 %, at offsets a few seconds away 4 %). A reading that confirms the recording (recordingByPeaks)
 * shows at full similarity; a weaker one at TRANSFORMED_PEAKS_SIMILARITY, below a flag: on its own it says the audio
 * is there, not how unusual; with the harmony aligned at the same transform and unusual in the catalogue it is the
 * agreeing second reading (calibrate.ts audioAgreesOnTransform).
 */
function transformedPeaks(
  query: Fingerprints,
  ref: Fingerprints,
  m: TransformedMatch,
  t: LandmarkTransform,
): DimensionComparison | undefined {
  // Pitch shifts only: a time-stretched copy's landmarks survive (the speed search finds them), and the search tries
  // up to 16 speeds per candidate, each of whose lines would be read.
  if (Math.round(t.semitones) === 0) return undefined;
  const reading = peaksAlongLine(query, ref, m, t);
  const recording = recordingByPeaks(reading, query, t);
  if (recording) return recording;
  const { overlap, seconds } = reading;
  if (overlap.hits < TRANSFORMED_PEAKS_SHARE * overlap.peaks || seconds < FULL_EXACT_SECONDS) return undefined;
  if (overlap.score < OVERLAP_FLOOR) return undefined;
  return peakComparison(reading, query, t, TRANSFORMED_PEAKS_SIMILARITY);
}

/** How much of the reference's peaks along a transformed line, over how many seconds, show the recording itself. */
export interface PeaksBar {
  share: number;
  seconds: number;
}

/**
 * The recording itself, at full similarity over the reading's run, when the peaks along a transformed line show it:
 * by default CONFIRMING_PEAKS_SHARE of the reference's peaks held over CONFIRMING_PEAKS_SECONDS or more.
 */
function recordingByPeaks(
  reading: PeakReading,
  query: Fingerprints,
  t: LandmarkTransform,
  bar: Readonly<PeaksBar> = { share: CONFIRMING_PEAKS_SHARE, seconds: CONFIRMING_PEAKS_SECONDS },
): DimensionComparison | undefined {
  const { overlap, seconds } = reading;
  const confirmed = overlap.hits >= bar.share * overlap.peaks && seconds >= bar.seconds;
  return confirmed ? peakComparison(reading, query, t, 100) : undefined;
}

/** Exact audio at `similarity` over a peak reading's run, with the transform it was read under. */
function peakComparison(
  { overlap, speed }: PeakReading,
  query: Fingerprints,
  t: LandmarkTransform,
  similarity: number,
): DimensionComparison {
  const [qStart, qEnd] = [overlap.queryStart, overlap.queryEnd].map((f) => f * query.frameSec);
  const [rStart, rEnd] = [overlap.queryStart, overlap.queryEnd].map(
    (f) => (f * speed + overlap.offset) * query.frameSec,
  );
  return {
    dimension: 'exactAudio',
    similarity,
    segments: [segment(qStart, qEnd, rStart, rEnd)],
    transform: {
      transpositionSemitones: Math.round(t.semitones * 10) / 10,
      tempoRatio: Math.round(speed * 1000) / 1000,
    },
  };
}

/** The reference's peaks along a transformed line: the best run, the speed it was read at, and its length. */
interface PeakReading {
  overlap: PeakOverlap & { offset: number };
  speed: number;
  seconds: number;
}

/** The reference's peaks along a transformed match's line (peak-overlap.ts). */
function peaksAlongLine(
  query: Fingerprints,
  ref: Fingerprints,
  m: TransformedMatch,
  t: LandmarkTransform,
): PeakReading {
  const pitchRatio = 2 ** (t.semitones / 12);
  // The line's speed, fitted through few landmarks, may be further off than the speed tried (a pitch shift: 0.9987
  // for 1, 3 frames over 25 s), or nearer (a speed search step: up to 1.5 % off): both are read.
  const [overlap, speed] = [...new Set([t.speed, m.speed])]
    .map((speed) => [peakOverlapNear(query, ref, m.offset, { speed, pitchRatio }, LINE_SLACK_FRAMES), speed] as const)
    .reduce((a, b) => (b[0].score > a[0].score ? b : a));
  return { overlap, speed, seconds: (overlap.queryEnd - overlap.queryStart + 1) * query.frameSec };
}

/**
 * How far from the fitted line's offset the peaks are looked for: fitted through 4 agreeing landmarks, the line of a
 * copy 1 semitone down lay 8 frames (0.09 s) off.
 */
const LINE_SLACK_FRAMES = 24;

/** What a transformed copy found only by its peaks shows (see transformedPeaks): below a flag (60). */
export const TRANSFORMED_PEAKS_SIMILARITY = 50;
/**
 * The share of the reference's peaks a transformed copy's run must hold: reused audio keeps 44–61 % through
 * rubberband at ±1 semitone (three Wesnoth tracks), unrelated music 2–8 % at any offset.
 */
export const TRANSFORMED_PEAKS_SHARE = 0.25;
/**
 * The share of the reference's peaks, and the seconds, along a transformed line that show the recording itself
 * (recordingByPeaks). On the evaluation's tuning split, every transformed line read (all five sources): the 65 of
 * queries against tracks they do not derive from held at most 23 % over 5 s, 21 % over 9 s, 19 % over 26 s; produced
 * recordings pitched or time-stretched held 35–62 % over 8–32 s of their own. Re-renders of the same notes in one
 * voice reach 34–50 % as well (covers and borrowed melodies in the synthesiser they were written in): they match
 * their own track, and exact audio then says so.
 */
export const CONFIRMING_PEAKS_SHARE = 0.3;
export const CONFIRMING_PEAKS_SECONDS = 8;
/**
 * The peaks' bar for a stretch tried on weak evidence (measuredStretch), above CONFIRMING_PEAKS_SHARE and
 * CONFIRMING_PEAKS_SECONDS: tracks rendered with the same instruments hold a share of each other's peaks along a line
 * at some speed. Read on every candidate at the beat tracker's speed, without the alignments' filter (a trial, not
 * kept), the effects source's GM renders of other tunes held up to 33 % over 12 s, 30 % over 13 s and 26 % over 19 s;
 * the Wesnoth copies this path finds held 41 % over 27 s, 45 % over 40 s (rubberband, 118 and 80 %) and 86 % over
 * 24 s (atempo, 125 %).
 */
export const WEAK_HINT_PEAKS: Readonly<PeaksBar> = { share: 0.35, seconds: 16 };

/** The exact-audio comparison a transformed landmark match amounts to (times of the query scaled back by the speed). */
function exactMatch(m: FingerprintMatch, t: LandmarkTransform, frameSec: number): DimensionComparison {
  const coverage = m.votes / Math.max(1, m.queryLandmarksInSpan);
  const similarity =
    m.votes < MIN_EXACT_VOTES || m.matchedSeconds < MIN_EXACT_SECONDS
      ? 0
      : percent(
          clamp(coverage / (isIdentity(t) ? FULL_EXACT_COVERAGE : FULL_TRANSFORMED_COVERAGE), 0, 1) *
            clamp((m.matchedSeconds - MIN_EXACT_SECONDS) / (FULL_EXACT_SECONDS - MIN_EXACT_SECONDS), 0, 1),
        );
  // Transformed matches count their query frames as they are; the reference span follows the speed.
  const qStart = m.queryStart * frameSec;
  const qEnd = m.queryEnd * frameSec;
  const rStart = (m.queryStart * t.speed + m.offset) * frameSec;
  const rEnd = (m.queryEnd * t.speed + m.offset) * frameSec;
  return {
    dimension: 'exactAudio',
    similarity,
    segments: similarity > 0 ? [segment(qStart, qEnd, rStart, rEnd)] : [],
    transform: isIdentity(t)
      ? IDENTITY_TRANSFORM
      : { transpositionSemitones: Math.round(t.semitones * 10) / 10, tempoRatio: Math.round(t.speed * 1000) / 1000 },
  };
}

function isIdentity(t: LandmarkTransform): boolean {
  return t.semitones === 0 && t.speed === 1;
}

/**
 * The transforms worth trying for exact reuse: those the melody and harmony alignments found (when either is
 * strong enough to suggest a copy; when neither is, the transposition both agree on, agreedTransposition), with the
 * tempo ratio of the alignment and of the beat tracker, each kept only when plausible (REUSE_SPEED_RANGE,
 * MAX_REUSE_SEMITONES, withinReuseSpeeds). A resampled copy changes pitch with speed: for a speed close to the
 * transposition found, the exact fractional shift 12·log2(speed) is tried too. Last, when an alignment found the
 * pitch unchanged, the speeds of SPEED_SEARCH (all of them: a measured speed that stood in for a grid speed would
 * leave a gap of more than a step next to it), then pitch shifts of up to an octave at the original speed
 * (hintedShifts), and last resamplings around each hinted shift (resampledCopies). The search stops at the first
 * transform that scores 100, so what earlier engines tried comes first and unchanged.
 */
export function reuseTransforms(musical: DimensionComparison[], tempo: DimensionComparison): ReuseTransform[] {
  const strong = musical.filter((d) => d.similarity >= TRANSFORM_HINT_SIMILARITY);
  if (strong.length === 0) {
    const agreed = agreedTransposition(musical);
    return agreed === undefined ? measuredStretch(musical, tempo) : [{ semitones: agreed, speed: 1 }];
  }
  const semitones = new Set<number>();
  for (const d of strong) {
    const s = Math.round(d.transform.transpositionSemitones);
    if (Math.abs(s) <= MAX_REUSE_SEMITONES) semitones.add(s);
  }
  const speeds = new Set<number>([1]);
  for (const d of [...strong, tempo]) {
    const v = d.transform.tempoRatio;
    if (withinReuseSpeeds(v) && Math.abs(v - 1) > UNCHANGED_SPEED) speeds.add(v);
  }
  const transforms: LandmarkTransform[] = [];
  for (const s of semitones) {
    for (const v of speeds) if (s !== 0 || v !== 1) transforms.push({ semitones: s, speed: v });
  }
  const shifts = hintedShifts(strong);
  for (const v of speeds) {
    const resampled = 12 * Math.log2(v);
    if (v !== 1 && shifts.has(Math.round(resampled)) && Math.round(resampled) !== 0)
      transforms.push({ semitones: resampled, speed: v });
  }
  // A time-stretched copy keeps its pitch: its chords or tune align untransposed.
  if (strong.some((d) => Math.round(d.transform.transpositionSemitones) % 12 === 0))
    for (const v of SPEED_SEARCH) if (!speeds.has(v)) transforms.push({ semitones: 0, speed: v });
  const farShifts = [...shifts].filter((s) => s !== 0 && !semitones.has(s));
  const pitched = [...transforms, ...farShifts.map((s) => ({ semitones: s, speed: 1 }))];
  return [...pitched, ...resampledCopies(shifts, pitched)];
}

/**
 * Where a resampled copy's pitch is tried around each hinted shift, in semitones. Resampling ties speed to pitch
 * (2^(shift/12)), so the copy can be looked for where the alignments' speeds are wrong; but the shift must be known
 * to about 0.1 semitone (a landmark's mapped bins are matched to ±1 bin, 1 % at 2 kHz), and the tune and chords read
 * it to the nearest semitone: a copy resampled to 122 % (3.44 st) read +3, its chords' speed ×1.07 and its beat's
 * ×0.92.
 */
const RESAMPLE_GRID_SEMITONES = [-0.4, -0.2, 0, 0.2, 0.4];

/** A resampled copy at each hinted shift within reach of the plausible speeds, after the transforms `tried`. */
function resampledCopies(shifts: Set<number>, tried: LandmarkTransform[]): LandmarkTransform[] {
  const copies: LandmarkTransform[] = [];
  for (const shift of shifts) {
    if (shift === 0) continue;
    for (const step of RESAMPLE_GRID_SEMITONES) {
      const copy = { semitones: shift + step, speed: 2 ** ((shift + step) / 12) };
      const near = (t: LandmarkTransform) =>
        Math.abs(t.semitones - copy.semitones) < 0.1 && Math.abs(t.speed / copy.speed - 1) < UNCHANGED_SPEED;
      if (withinReuseSpeeds(copy.speed) && !tried.some(near)) copies.push(copy);
    }
  }
  return copies;
}

/**
 * What the fingerprint index found a reference under besides its own landmarks (CatalogueIndex.lookup): a pitch
 * shift (pitchedShift) and a speed (stretchedSpeed) at which the query's landmarks voted for it.
 */
export interface IndexedTransforms {
  pitchedShift?: number;
  stretchedSpeed?: number;
}

/**
 * The transforms the fingerprint index found the reference under (IndexedTransforms), to try after every hinted one
 * unless one of them tried it already; under the peaks' rule (confirmByPeaks), as transforms tried on evidence other
 * than the tune and the chords. Those are not always read well enough to hint at a copy. A Wesnoth track 1
 * semitone up aligned neither (melody at ×1.51, harmony at +6 semitones), while its landmarks, looked up at +1, gave
 * it 352 votes in the index (other tracks at most 15) and, compared, fit a line of 132 votes over 23 s along which
 * the reference's peaks held 48 % over 25 s. Warzone 2100 tracks of 6–11 min played at 85–110 % had their beat read
 * at another level than their excerpt's (136 against 106.6 BPM), so neither tune nor chords aligned; looked up at
 * the index's speed, their landmarks fit lines of 94–165 votes and exact audio scored 100.
 */
export function indexedTransforms(tried: readonly LandmarkTransform[], indexed: IndexedTransforms): ReuseTransform[] {
  const { pitchedShift: semitones, stretchedSpeed: speed } = indexed;
  const out: ReuseTransform[] = [];
  if (semitones !== undefined && !tried.some((t) => t.semitones === semitones && t.speed === 1))
    out.push({ semitones, speed: 1, confirmByPeaks: true });
  const triedSpeed = (v: number) => tried.some((t) => t.semitones === 0 && Math.abs(t.speed / v - 1) < UNCHANGED_SPEED);
  if (speed !== undefined && !triedSpeed(speed)) out.push({ semitones: 0, speed, confirmByPeaks: true });
  return out;
}

/**
 * The pitch shifts the strong alignments suggest, each an octave up and down as well (chroma reads a shift modulo
 * the octave: a copy 9 semitones up reads −3), within MAX_PITCHED_COPY_SEMITONES. Those beyond the shifts the speed
 * grid tries are looked for at the original speed (a pitch shift keeps the tempo), and any of them as a resampling
 * (a copy played 25 % faster by resampling is 3.86 semitones up: read as 4).
 */
function hintedShifts(strong: DimensionComparison[]): Set<number> {
  const shifts = new Set<number>();
  for (const d of strong) {
    const s = Math.round(d.transform.transpositionSemitones);
    for (const shift of [s - 12, s, s + 12]) if (Math.abs(shift) <= MAX_PITCHED_COPY_SEMITONES) shifts.add(shift);
  }
  return shifts;
}

/**
 * The transposition the tune and the chords both align at, when each does at AGREEING_HINT_SIMILARITY or more: a
 * pitched copy of a recording whose tune and chords are read too loosely for either alone to suggest it. A Wesnoth
 * track 2 semitones down aligned its melody at 33 and its harmony at 25, both at −2 semitones; looked for there, its
 * landmarks fit a line of 90 votes over 20 s. The two must place the copy at the same point of the reference
 * (AGREEING_OFFSET_SEC) and agree on a transposition within MAX_REUSE_SEMITONES other than 0 (a time-stretched copy's
 * speed search needs a stronger hint: unrelated renders' drums agree at some speed); it is tried at the original speed
 * (a pitch shift keeps the tempo). On the tuning split (681 queries against their candidates) the hint was given
 * once, and no case's result changed; no bench query gets it.
 */
function agreedTransposition(musical: DimensionComparison[]): number | undefined {
  const readings = musical.filter((d) => d.similarity >= AGREEING_HINT_SIMILARITY && d.segments.length > 0);
  if (readings.length < 2) return undefined;
  const [first, ...rest] = readings.map((d) => Math.round(d.transform.transpositionSemitones));
  if (first === 0 || Math.abs(first!) > MAX_REUSE_SEMITONES || rest.some((s) => s !== first)) return undefined;
  const offsets = readings.map(({ segments: [s] }) => s!.reference.start - s!.query.start);
  if (Math.max(...offsets) - Math.min(...offsets) > AGREEING_OFFSET_SEC) return undefined;
  return first;
}

/**
 * The speed change the beat tracker measured, when the tune or the chords align untransposed at about the same speed
 * (AGREEING_SPEED_TOLERANCE) too loosely to suggest a copy (AGREEING_HINT_SIMILARITY, below TRANSFORM_HINT_SIMILARITY):
 * a time-stretched copy of a recording whose beat chroma aligns poorly. A Wesnoth excerpt played at 125 % by ffmpeg's
 * atempo aligned its chords at 30 (×1.242) and its beats at ×1.244; looked for there, its landmarks fit a line of 213
 * votes over 24 s. Such a reading is common among unrelated tracks, so it is tried under the peaks' rule only
 * (ReuseTransform.confirmByPeaks), at the beat tracker's speed alone (the line's fit corrects the rest).
 */
function measuredStretch(musical: DimensionComparison[], tempo: DimensionComparison): ReuseTransform[] {
  const beat = tempo.transform.tempoRatio;
  if (!withinReuseSpeeds(beat) || Math.abs(beat - 1) <= UNCHANGED_SPEED) return [];
  const agrees = (d: DimensionComparison) =>
    d.similarity >= AGREEING_HINT_SIMILARITY &&
    d.segments.length > 0 &&
    Math.round(d.transform.transpositionSemitones) === 0 &&
    Math.abs(d.transform.tempoRatio / beat - 1) <= AGREEING_SPEED_TOLERANCE;
  return musical.some(agrees) ? [{ semitones: 0, speed: beat, confirmByPeaks: true }] : [];
}

/**
 * How near the beat tracker's speed an alignment's must lie to agree: what the transformed match's line corrects
 * (transformed-match.ts MAX_SPEED_CORRECTION).
 */
const AGREEING_SPEED_TOLERANCE = 0.03;

/** How similar the tune and the chords must each be for their agreed transposition to be tried. */
export const AGREEING_HINT_SIMILARITY = 20;
/**
 * How far apart (seconds) the tune's and the chords' alignments may place the copy for their transposition to count
 * as agreed: the copy above aligned at 29.8 and 29.0 s; unrelated tracks align wherever their best stretch lies.
 */
const AGREEING_OFFSET_SEC = 3;

/**
 * Each step of the speed search: every speed in REUSE_SPEED_RANGE lies within half a step (1.5 %) of one tried,
 * inside what the transformed match corrects (transformed-match.ts MAX_SPEED_CORRECTION).
 */
export const SPEED_SEARCH_STEP = 1.03;
/**
 * The speeds a time-stretched copy is looked for at when no alignment measured its speed closely enough: tried
 * after the measured ones (reuseTransforms), for references whose melody or harmony suggests a copy at the same
 * pitch (an unrelated original whose drums agree at some speed is not searched for unless its chords or tune line
 * up untransposed as well). Alignments of a produced recording played at 115 % measured 1.05 (harmony), 1.20
 * (melody) and 0.80 (beat tracker): none near enough for the landmarks.
 */
export const SPEED_SEARCH: readonly number[] = (() => {
  const out: number[] = [];
  for (let v = REUSE_SPEED_RANGE.min; v <= REUSE_SPEED_RANGE.max * 1.001; v *= SPEED_SEARCH_STEP)
    if (Math.abs(v - 1) > UNCHANGED_SPEED) out.push(v);
  return out;
})();

/**
 * Every dimension of query vs reference, and the combined similarity. `indexed`: the transforms the fingerprint
 * index found the reference's landmarks under (CatalogueIndex.lookup), if any.
 */
export function compareTracks(
  query: TrackFeatures,
  ref: TrackFeatures,
  priorArt: PriorArtModel,
  indexed: IndexedTransforms = {},
): TrackComparison {
  const alignments = [compareMelodies(query.melody, ref.melody), compareHarmony(query.beatChroma, ref.beatChroma)];
  const tempo = compareTempo(query, ref);
  const hinted = reuseTransforms(alignments.map(asReuseHint), tempo);
  const transforms = [...hinted, ...indexedTransforms(hinted, indexed)];
  const chords = compareChordProgressions(query, ref, priorArt);
  const dimensions: DimensionComparison[] = [
    withMelodyGrid(alignments[0]!, [...alignments, chords], query, ref),
    harmonyAsScored(alignments[1]!),
    chords,
    compareRhythm(query, ref, priorArt),
    tempo,
    compareExactAudio(query, ref, transforms, priorArt.trackCount),
  ];
  return { similarity: trackSimilarity(dimensions), dimensions };
}
