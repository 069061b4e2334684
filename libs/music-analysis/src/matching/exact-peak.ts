/**
 * Exact audio judged among the query's candidates: a sample mixed at equal loudness under other music keeps too
 * few landmarks for the aligned stretch's per-second rule (landmark-match.ts), yet its offset still collects far
 * more votes than any unrelated track does against the same query. The other candidates of one query are a null
 * drawn from the catalogue itself for that query's music: against a dense orchestral query every track agrees a
 * little, against a sparse one hardly at all.
 *
 * A candidate's standout is its peak's excess (votes at the best offset minus the pair's runner-up offset, a second
 * or more away: a shared loop agrees at many offsets, a reused recording at one) over the background
 *
 *   max(PEAK_FLOOR_VOTES, largest excess among the other candidates, runner-up / RUNNER_UP_DIVISOR)
 *
 * — the largest, since a second unrelated track agreeing in a burst as well shows that such bursts happen in this
 * catalogue (second synth: an original against two songs in its chords' voicing, 38 and 33 excess votes; judged
 * against the second-largest, the first read 96.5). Its cost: a recording the catalogue holds twice raises its own
 * background, and is left to the aligned stretch. The runner-up term keeps a pair agreeing everywhere (one drum
 * loop: 190 votes against 137 at another offset) from standing out by its size alone.
 */
import type { DimensionComparison, ExactAudioPeak, TrackComparison } from '../types';
import { similarityFromChance } from './calibrate';
import { IDENTITY_TRANSFORM, segment } from './match-utils';
import { CONFIRMING_OVERLAP_STANDOUT, overlapStandout } from './peak-overlap';

/**
 * Excess votes a background is never taken to be below: what a few dozen peers cannot be trusted to show. Renders
 * in one synthesiser voice share a held chord now and then (second synth: 30–40 excess votes against an unrelated
 * song); judged against the second-largest of the others, such pairs reached a standout of 2.8–3.2 at a floor of 8
 * and 10, and stayed below 2.75 at 12.
 */
export const PEAK_FLOOR_VOTES = 12;
/** The pair's runner-up offset, divided by this, bounds the background from below (see the module comment). */
export const RUNNER_UP_DIVISOR = 3;
/** Other candidates a query needs for its background to be trusted down to PEAK_FLOOR_VOTES. */
export const MIN_PEERS = 10;
/**
 * The floor with fewer than MIN_PEERS other candidates (a catalogue of 10 tracks or fewer): a few peers cannot show
 * how large a chance burst gets in this catalogue, so the background is taken as the largest excess any unrelated
 * pair of the tuning split reached with no peers at all — 53 votes (a second-synth original against an unrelated
 * song, runner-up 27), the next 38 — over the null's largest standout, 2.3. Measured on the same 66,792 pairs
 * (tools/eval/null, with every peer left out): at 24, 5 reach 1.5, 2 reach 2 and the largest 2.3, no heavier a tail
 * than the chance law's (PEAK_NULL_STANDOUT), so the law stays; at 20 one reached 2.65. Samples mixed at equal
 * loudness under produced music (recordings, tuning) reach MIN_STANDOUT in 16 of 38 this way (25 among 10 or more
 * peers); before, such a catalogue judged nothing and left them to the aligned stretch.
 */
export const LONE_PEAK_FLOOR_VOTES = 24;
/**
 * The chance law of the standout, measured on every should-not-match query–reference pair of the tuning split
 * (66,792 pairs: own, second-synth, GM, effects and recordings, the progression-only queries against their own piece
 * included; tools/eval/null/peak-stats.ts), each judged against all its query's other catalogue tracks: 13 pairs
 * reach 1.5, 6 reach 2, none 2.5, the largest 2.3 (an own progression under a new melody against an unrelated
 * render) — an e-fold per 0.65: P(standout ≥ x) = PEAK_NULL_CHANCE · e^(−(x − PEAK_NULL_STANDOUT) / PEAK_NULL_SCALE).
 * A query's candidates are fewer than the whole catalogue, so its background can be lower than measured here; below
 * MIN_STANDOUT the standout counts nothing. Of the 38 samples mixed at equal loudness under produced music
 * (recordings, tuning) 25 reach it (on produced music the unrelated pairs stay below 1.5); of the GM renders'
 * samples (effects) 1 of 23, which the aligned stretch finds.
 */
export const PEAK_NULL_STANDOUT = 2.3;
export const PEAK_NULL_CHANCE = 1 / 66792;
export const PEAK_NULL_SCALE = 0.65;
export const MIN_STANDOUT = 3;

/** Votes at the peak above the pair's runner-up offset. */
export function peakExcess(peak: ExactAudioPeak): number {
  return Math.max(0, peak.votes - peak.runnerUpVotes);
}

/** How far a peak stands above its background, given the excesses of the query's other candidates. */
export function peakStandout(peak: ExactAudioPeak, peerExcesses: readonly number[]): number {
  const floor = peerExcesses.length >= MIN_PEERS ? PEAK_FLOOR_VOTES : LONE_PEAK_FLOOR_VOTES;
  const background = Math.max(floor, ...peerExcesses, peak.runnerUpVotes / RUNNER_UP_DIVISOR);
  return peakExcess(peak) / background;
}

/** Chance that one unrelated track stands out this far (see PEAK_NULL_STANDOUT); 1 below MIN_STANDOUT. */
export function standoutChance(standout: number): number {
  return standout < MIN_STANDOUT ? 1 : chanceLaw(standout);
}

/** P(standout ≥ x) for one unrelated track (see PEAK_NULL_STANDOUT). */
function chanceLaw(standout: number): number {
  return Math.min(1, PEAK_NULL_CHANCE * Math.exp(-(standout - PEAK_NULL_STANDOUT) / PEAK_NULL_SCALE));
}

/**
 * A pair standout from which the chance law is read when the peaks confirm it (peak-overlap.ts): the law's own data
 * reach 2.3 (PEAK_NULL_STANDOUT), and MIN_STANDOUT keeps a margin above it for the tail no tuning pair showed. A
 * second reading of the same offset that counts single peaks instead of pairs takes the place of that margin. Of the
 * 66,792 should-not-match tuning pairs, six reach a pair standout of 2–2.3 (tools/eval/null/overlap-stats.ts): five
 * read overlap standouts of 0.87–1.11, below CONFIRMING_OVERLAP_STANDOUT, and the sixth is a chord progression
 * re-rendered under a new melody against its own piece, whose chord audio is identical (5.74). Of the samples at a
 * pair standout of 2–3, the peaks confirm 4 of 5 under produced music (recordings) and 2 of 3 under GM renders.
 */
export const CONFIRMED_MIN_STANDOUT = 2;

/**
 * The band's foot in a catalogue too small to give MIN_PEERS other candidates (10 tracks or fewer), where the pair's
 * background is LONE_PEAK_FLOOR_VOTES and the peaks' OVERLAP_FLOOR. Without the band such a catalogue found 24 of the
 * 38 recordings samples of the tuning split (each against its source and seven other recordings), against 32 among
 * all 47. Measured on the 66,792 should-not-match tuning pairs with every peer left out, one unrelated pair in 2–2.3
 * had its peaks confirm it (a second-synth original against an unrelated song: 2.21, overlap standout 2.11) and none
 * above 2.3 but a progression re-rendered against its own piece; so with few peers the band starts where the chance
 * law's data end.
 */
export const LONE_CONFIRMED_MIN_STANDOUT = PEAK_NULL_STANDOUT;

/**
 * The overlap standout that confirms a pair standout between CONFIRMED_MIN_STANDOUT and MIN_STANDOUT: the pair's
 * evidence and the peaks' are traded off, from CONFIRMING_OVERLAP_STANDOUT at the band's foot, where the null's
 * pairs lie (2.0–2.3, overlap standouts 0.87–1.11), falling linearly to 1 at MIN_STANDOUT, where the pair alone
 * counts: there the peaks need only name this candidate first among the query's. On the 66,792 should-not-match
 * tuning pairs none moves into the band's confirmed part (at 2.3 a pair needs 1.35). A sample under a produced
 * recording at 2.75 with an overlap standout of 1.28 (recordings, tuning: `deprecation`, 6 s under a Wesnoth track)
 * now counts; a sped copy and a GM render's sample in the band (2.75 and 2.83, at 0.93 and 0.91) still do not.
 */
export function confirmingOverlap(standout: number): number {
  const share = (standout - CONFIRMED_MIN_STANDOUT) / (MIN_STANDOUT - CONFIRMED_MIN_STANDOUT);
  return CONFIRMING_OVERLAP_STANDOUT - share * (CONFIRMING_OVERLAP_STANDOUT - 1);
}

/**
 * The pair's peak read against its near runner-up (ExactAudioPeak.nearRunnerUpVotes) instead of its runner-up
 * anywhere. The runner-up anywhere takes a reference that holds the sampled passage again for a loop: a 6 s
 * sample of a produced recording whose passage recurs twice in it (recordings, tuning: `mountain`) gathered 128
 * votes at its offset and 117 and 79 at the passage's repeats, a standout of 0.28 — though its peaks stood out 3.98
 * over the query's others. A loop both tracks play repeats within the stretch where they agree, so the near
 * runner-up still catches it (a GM original and an unrelated tune in one accompaniment pattern: 113 votes, 206
 * within the run's length).
 *
 * Read this way every pair stands out more, the null's too: of the 66,792 should-not-match tuning pairs 29 reach
 * 1.5 (13 with the runner-up anywhere), 9 reach 2 and the largest 2.83, nearer MIN_STANDOUT than the chance law's
 * data (2.3). So the near reading counts only where the peaks confirm it too (an overlap standout of
 * CONFIRMING_OVERLAP_STANDOUT, which no produced recording's unrelated pair reaches), and from MIN_STANDOUT: no
 * should-not-match pair meets both, the largest near standout with such an overlap being 2.69 (an own-composer cover
 * against an unrelated render in the same drum samples). Samples it adds: that recording's (0.28 → 9.5) and a GM
 * render's under another (effects: `sakura`, 0.29 → 5.4, overlap 3.5).
 */
export function nearReading(peak: ExactAudioPeak): ExactAudioPeak {
  return { ...peak, runnerUpVotes: peak.nearRunnerUpVotes };
}

/** Reads a candidate's peak-overlap score (peak-overlap.ts) at its exact-audio peak's offset, by candidate index. */
export type OverlapScores = (candidate: number, peak: ExactAudioPeak) => number;

/**
 * The query's candidate comparisons with each exact-audio dimension raised to what its standout among the others
 * reads in a catalogue of `catalogueSize` (when that is higher), and every peak dropped. A standout between
 * CONFIRMED_MIN_STANDOUT (LONE_CONFIRMED_MIN_STANDOUT with fewer than MIN_PEERS peers) and MIN_STANDOUT, and
 * the near reading (nearReading), count when `overlapScores` confirms them.
 */
export function judgeExactPeaks(
  comparisons: TrackComparison[],
  catalogueSize: number,
  overlapScores?: OverlapScores,
): TrackComparison[] {
  const peaks = comparisons.map((c) => exactAudioOf(c)?.peak);
  const excesses = peaks.map((peak) => (peak ? peakExcess(peak) : 0));
  const nearExcesses = peaks.map((peak) => (peak ? peakExcess(nearReading(peak)) : 0));
  const overlaps = overlapScores && lazyOverlaps(peaks, overlapScores);
  const bandFoot = comparisons.length - 1 >= MIN_PEERS ? CONFIRMED_MIN_STANDOUT : LONE_CONFIRMED_MIN_STANDOUT;
  return comparisons.map((c, i) => {
    const others = <T>(list: T[]): T[] => list.filter((_, j) => j !== i);
    const overlap = overlaps && (() => overlapStandout(overlaps()[i]!, others(overlaps())));
    const dimensions = c.dimensions.map((d) => {
      if (d.dimension !== 'exactAudio' || !d.peak) return d;
      const { peak, ...rest } = d;
      const standouts = {
        standout: peakStandout(peak, others(excesses)),
        near: peakStandout(nearReading(peak), others(nearExcesses)),
      };
      return judged(rest, peak, peakChance(standouts, bandFoot, overlap), catalogueSize);
    });
    return { ...c, dimensions };
  });
}

/**
 * The per-track chance of a candidate's peak from its standout, its near reading's (nearReading) and, read only
 * when one of them needs it, its overlap standout (`overlap`). A standout from `bandFoot` (CONFIRMED_MIN_STANDOUT, or
 * LONE_CONFIRMED_MIN_STANDOUT in a small catalogue) up to MIN_STANDOUT counts when the peaks confirm it.
 */
function peakChance(standouts: { standout: number; near: number }, bandFoot: number, overlap?: () => number): number {
  const { standout, near } = standouts;
  let chance = standoutChance(standout);
  if (!overlap) return chance;
  if (standout >= bandFoot && standout < MIN_STANDOUT && overlap() >= confirmingOverlap(standout))
    chance = confirmedChance(standout);
  if (near >= MIN_STANDOUT && near > standout && overlap() >= CONFIRMING_OVERLAP_STANDOUT)
    chance = Math.min(chance, chanceLaw(near));
  return chance;
}

/** Every candidate's overlap score, read once and only when a standout needs confirming. */
function lazyOverlaps(peaks: (ExactAudioPeak | undefined)[], read: OverlapScores): () => number[] {
  let scores: number[] | undefined;
  return () => (scores ??= peaks.map((peak, i) => (peak ? read(i, peak) : 0)));
}

/** The chance law read below MIN_STANDOUT, for a standout the peaks confirm (see CONFIRMED_MIN_STANDOUT). */
export function confirmedChance(standout: number): number {
  return standout < CONFIRMED_MIN_STANDOUT ? 1 : chanceLaw(standout);
}

function exactAudioOf(c: TrackComparison): DimensionComparison | undefined {
  return c.dimensions.find((d) => d.dimension === 'exactAudio');
}

function judged(
  d: DimensionComparison,
  peak: ExactAudioPeak,
  perTrack: number,
  catalogueSize: number,
): DimensionComparison {
  if (perTrack >= 1) return d;
  const inCatalogue = perTrack * Math.max(1, catalogueSize);
  const similarity = similarityFromChance(inCatalogue);
  if (similarity <= d.similarity) return d;
  const { queryStartSec: start, queryEndSec: end, offsetSec } = peak;
  return {
    ...d,
    similarity,
    segments: [segment(start, end, start + offsetSec, end + offsetSec)],
    transform: IDENTITY_TRANSFORM,
    chance: { perTrack, inCatalogue },
  };
}
