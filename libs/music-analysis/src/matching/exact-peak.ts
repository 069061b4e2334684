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
  if (standout < MIN_STANDOUT) return 1;
  return Math.min(1, PEAK_NULL_CHANCE * Math.exp(-(standout - PEAK_NULL_STANDOUT) / PEAK_NULL_SCALE));
}

/**
 * The query's candidate comparisons with each exact-audio dimension raised to what its standout among the others
 * reads in a catalogue of `catalogueSize` (when that is higher), and every peak dropped.
 */
export function judgeExactPeaks(comparisons: TrackComparison[], catalogueSize: number): TrackComparison[] {
  const excesses = comparisons.map((c) => {
    const peak = exactAudioOf(c)?.peak;
    return peak ? peakExcess(peak) : 0;
  });
  return comparisons.map((c, i) => {
    const peers = excesses.filter((_, j) => j !== i);
    const dimensions = c.dimensions.map((d) => {
      if (d.dimension !== 'exactAudio' || !d.peak) return d;
      const { peak, ...rest } = d;
      return judged(rest, peak, peakStandout(peak, peers), catalogueSize);
    });
    return { ...c, dimensions };
  });
}

function exactAudioOf(c: TrackComparison): DimensionComparison | undefined {
  return c.dimensions.find((d) => d.dimension === 'exactAudio');
}

function judged(
  d: DimensionComparison,
  peak: ExactAudioPeak,
  standout: number,
  catalogueSize: number,
): DimensionComparison {
  const perTrack = standoutChance(standout);
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
