import type { DimensionComparison, ExactAudioPeak, TrackComparison } from '../types';
import {
  CONFIRMED_MIN_STANDOUT,
  LONE_CONFIRMED_MIN_STANDOUT,
  LONE_PEAK_FLOOR_VOTES,
  MIN_PEERS,
  MIN_STANDOUT,
  PEAK_FLOOR_VOTES,
  PEAK_NULL_SCALE,
  judgeExactPeaks,
  peakStandout,
  confirmedChance,
  confirmingOverlap,
  standoutChance,
} from './exact-peak';
import { CONFIRMING_OVERLAP_STANDOUT, OVERLAP_FLOOR } from './peak-overlap';
import { IDENTITY_TRANSFORM } from './match-utils';

/**
 * A candidate whose only dimension is exact audio, at `similarity`, with this direct-match peak (its near runner-up
 * as its runner-up unless given).
 */
function candidate(
  votes: number,
  runnerUpVotes: number,
  similarity = 0,
  nearRunnerUpVotes = runnerUpVotes,
): TrackComparison {
  const peak: ExactAudioPeak = {
    votes,
    runnerUpVotes,
    nearRunnerUpVotes,
    queryStartSec: 6,
    queryEndSec: 12,
    offsetSec: 30,
  };
  const exact: DimensionComparison = {
    dimension: 'exactAudio',
    similarity,
    segments: [],
    transform: IDENTITY_TRANSFORM,
    peak,
  };
  return { similarity, dimensions: [exact] };
}

/** Unrelated candidates: a few votes at their best offset, nearly as many at another. */
const unrelated = (n: number) => Array.from({ length: n }, (_, i) => candidate(10 + (i % 7), 6 + (i % 5)));
const exactOf = (c: TrackComparison) => c.dimensions.find((d) => d.dimension === 'exactAudio')!;

describe('peakStandout', () => {
  const peak: ExactAudioPeak = {
    votes: 60,
    runnerUpVotes: 12,
    nearRunnerUpVotes: 12,
    queryStartSec: 0,
    queryEndSec: 5,
    offsetSec: 0,
  };

  it('divides the excess over the runner-up offset by the background of the other candidates', () => {
    // Excess 48; the largest of the others' excesses is 16.
    expect(peakStandout(peak, [3, 16, 12, 5, 1, 1, 2, 4, 3, 2])).toBe(3);
  });

  it('never takes the background below the floor, nor below a third of the pair’s runner-up offset', () => {
    const quiet = Array.from({ length: MIN_PEERS }, () => 2);
    expect(peakStandout(peak, quiet)).toBe(48 / PEAK_FLOOR_VOTES);
    expect(peakStandout({ ...peak, votes: 190, runnerUpVotes: 137 }, quiet)).toBeCloseTo(53 / (137 / 3));
  });

  it('takes the higher floor with fewer than MIN_PEERS other candidates to show the background', () => {
    expect(peakStandout(peak, [1, 2])).toBe(48 / LONE_PEAK_FLOOR_VOTES);
    expect(peakStandout(peak, [])).toBe(48 / LONE_PEAK_FLOOR_VOTES);
  });
});

describe('standoutChance', () => {
  it('is no evidence below MIN_STANDOUT, and falls an e-fold per PEAK_NULL_SCALE beyond it', () => {
    expect(standoutChance(MIN_STANDOUT - 0.01)).toBe(1);
    expect(standoutChance(MIN_STANDOUT)).toBeLessThan(1e-4);
    expect(standoutChance(MIN_STANDOUT + PEAK_NULL_SCALE) / standoutChance(MIN_STANDOUT)).toBeCloseTo(Math.exp(-1));
  });
});

describe('confirmedChance', () => {
  it('reads the same law as standoutChance, from CONFIRMED_MIN_STANDOUT instead of MIN_STANDOUT', () => {
    expect(confirmedChance(CONFIRMED_MIN_STANDOUT - 0.01)).toBe(1);
    expect(confirmedChance(CONFIRMED_MIN_STANDOUT)).toBeLessThan(1e-4);
    expect(confirmedChance(MIN_STANDOUT)).toBe(standoutChance(MIN_STANDOUT));
  });
});

describe('confirmingOverlap', () => {
  it('falls from CONFIRMING_OVERLAP_STANDOUT at the band’s foot to 1 at MIN_STANDOUT', () => {
    expect(confirmingOverlap(CONFIRMED_MIN_STANDOUT)).toBeCloseTo(CONFIRMING_OVERLAP_STANDOUT);
    expect(confirmingOverlap(MIN_STANDOUT)).toBeCloseTo(1);
    expect(confirmingOverlap(2.3)).toBeGreaterThan(confirmingOverlap(2.75));
    expect(confirmingOverlap(2.3)).toBeGreaterThan(1.11);
  });
});

describe('judgeExactPeaks', () => {
  it('raises a peak standing far above the other candidates to a high exact-audio match, with where it lies', () => {
    const judged = judgeExactPeaks([candidate(70, 12), ...unrelated(MIN_PEERS)], 50);
    const exact = exactOf(judged[0]!);
    expect(exact.similarity).toBeGreaterThanOrEqual(90);
    expect(exact.segments).toEqual([{ query: { start: 6, end: 12 }, reference: { start: 36, end: 42 } }]);
    expect(exact.chance!.inCatalogue).toBeCloseTo(exact.chance!.perTrack * 50);
    for (const c of judged.slice(1)) expect(exactOf(c).similarity).toBe(0);
  });

  it('drops every peak once judged', () => {
    for (const c of judgeExactPeaks([candidate(70, 12), ...unrelated(MIN_PEERS)], 50))
      expect(exactOf(c).peak).toBeUndefined();
  });

  it('judges a small catalogue’s candidates against the higher floor: a strong peak stands out, a modest one not', () => {
    const [modest] = judgeExactPeaks([candidate(70, 12), ...unrelated(MIN_PEERS - 1)], 10);
    expect(exactOf(modest!).similarity).toBe(0);
    const [strong] = judgeExactPeaks([candidate(140, 12), ...unrelated(3)], 4);
    expect(exactOf(strong!).similarity).toBeGreaterThanOrEqual(90);
    const [alone] = judgeExactPeaks([candidate(140, 12)], 1);
    expect(exactOf(alone!).similarity).toBeGreaterThanOrEqual(90);
  });

  it('does not raise a burst another candidate of the query reaches too (such bursts happen in this catalogue)', () => {
    const judged = judgeExactPeaks([candidate(50, 12), candidate(45, 12), ...unrelated(MIN_PEERS)], 50);
    expect(exactOf(judged[0]!).similarity).toBe(0);
    expect(exactOf(judged[1]!).similarity).toBe(0);
  });

  it('does not raise a pair that agrees at many offsets (one loop in both), however many votes it has', () => {
    const [loop] = judgeExactPeaks([candidate(190, 137), ...unrelated(MIN_PEERS)], 50);
    expect(exactOf(loop!).similarity).toBe(0);
  });

  it('keeps a higher similarity the aligned stretch already gave, and its segments', () => {
    const [kept] = judgeExactPeaks([candidate(40, 12, 100), ...unrelated(MIN_PEERS)], 50);
    expect(exactOf(kept!).similarity).toBe(100);
    expect(exactOf(kept!).segments).toEqual([]);
  });

  it('reads a weaker standout in a larger catalogue', () => {
    const inSmall = exactOf(judgeExactPeaks([candidate(50, 8), ...unrelated(MIN_PEERS)], 50)[0]!).similarity;
    const inLarge = exactOf(judgeExactPeaks([candidate(50, 8), ...unrelated(MIN_PEERS)], 100_000)[0]!).similarity;
    expect(inSmall).toBeGreaterThan(inLarge);
  });

  describe('a standout between CONFIRMED_MIN_STANDOUT and MIN_STANDOUT', () => {
    // Excess 33 over the floor of 12: 2.75, as three samples under produced music of the tuning split read.
    const query = () => [candidate(45, 12), ...unrelated(MIN_PEERS)];
    const overlaps = (own: number) => (i: number) => (i === 0 ? own : OVERLAP_FLOOR / 2);

    it('counts when the peaks at the same offset stand out too (peak-overlap.ts)', () => {
      const confirming = OVERLAP_FLOOR * CONFIRMING_OVERLAP_STANDOUT;
      const [sample] = judgeExactPeaks(query(), 50, overlaps(confirming));
      expect(exactOf(sample!).similarity).toBeGreaterThanOrEqual(80);
      expect(exactOf(sample!).chance!.perTrack).toBeCloseTo(confirmedChance(33 / PEAK_FLOOR_VOTES));
    });

    it('does not count when the peaks do not confirm it, or without a reading of them', () => {
      const [weak] = judgeExactPeaks(query(), 50, overlaps(OVERLAP_FLOOR * confirmingOverlap(2.75) - 1));
      expect(exactOf(weak!).similarity).toBe(0);
      const [unread] = judgeExactPeaks(query(), 50);
      expect(exactOf(unread!).similarity).toBe(0);
    });

    it('needs less of the peaks the nearer the standout comes to MIN_STANDOUT', () => {
      // An overlap standout of 1.28, as a 6 s sample under a produced recording read at a standout of 2.75.
      const [near] = judgeExactPeaks(query(), 50, overlaps(OVERLAP_FLOOR * 1.28));
      expect(exactOf(near!).similarity).toBeGreaterThanOrEqual(80);
      // Excess 27 over 12: 2.25, where the null's pairs lie, needs nearly CONFIRMING_OVERLAP_STANDOUT.
      const [low] = judgeExactPeaks([candidate(39, 12), ...unrelated(MIN_PEERS)], 50, overlaps(OVERLAP_FLOOR * 1.28));
      expect(exactOf(low!).similarity).toBe(0);
    });

    it('counts from LONE_CONFIRMED_MIN_STANDOUT with fewer than MIN_PEERS other candidates', () => {
      // Excess 60 over the floor of a small catalogue's (24): 2.5; excess 54: 2.25, below the band's foot there.
      const [confirmed] = judgeExactPeaks([candidate(72, 12), ...unrelated(MIN_PEERS - 1)], 10, overlaps(1000));
      expect(exactOf(confirmed!).similarity).toBeGreaterThanOrEqual(80);
      const [below] = judgeExactPeaks([candidate(66, 12), ...unrelated(MIN_PEERS - 1)], 10, overlaps(1000));
      expect(exactOf(below!).similarity).toBe(0);
      expect(54 / LONE_PEAK_FLOOR_VOTES).toBeLessThan(LONE_CONFIRMED_MIN_STANDOUT);
      const [alone] = judgeExactPeaks([candidate(72, 12)], 1, overlaps(OVERLAP_FLOOR * 1.2));
      expect(exactOf(alone!).similarity).toBe(0);
    });

    it('reads the peaks only when some standout needs confirming', () => {
      // A repeated passage's near reading needs them too (below).
      judgeExactPeaks(
        [candidate(70, 12), ...unrelated(MIN_PEERS)],
        50,
        jest.fn(() => 0),
      );
      const read = jest.fn(() => 0);
      judgeExactPeaks([candidate(70, 12), ...unrelated(MIN_PEERS)], 50, read);
      expect(read).not.toHaveBeenCalled();
      judgeExactPeaks(query(), 50, read);
      expect(read).toHaveBeenCalledTimes(MIN_PEERS + 1);
    });
  });

  describe('a passage the reference holds again (the near reading)', () => {
    // 128 votes at the sample's offset, 117 at the passage's repeat in the reference, 14 within the agreeing run.
    const repeated = () => [candidate(128, 117, 0, 14), ...unrelated(MIN_PEERS)];
    const overlaps = (own: number) => (i: number) => (i === 0 ? own : OVERLAP_FLOOR / 2);

    it('counts when the peaks stand out at its offset', () => {
      const [sample] = judgeExactPeaks(repeated(), 50, overlaps(OVERLAP_FLOOR * 4));
      expect(exactOf(sample!).similarity).toBeGreaterThanOrEqual(90);
    });

    it('does not count without the peaks’ confirmation, nor for a loop whose repeats lie within the run', () => {
      const [unconfirmed] = judgeExactPeaks(repeated(), 50, overlaps(OVERLAP_FLOOR * 1.4));
      expect(exactOf(unconfirmed!).similarity).toBe(0);
      const [unread] = judgeExactPeaks(repeated(), 50);
      expect(exactOf(unread!).similarity).toBe(0);
      const [loop] = judgeExactPeaks([candidate(190, 137, 0, 137), ...unrelated(MIN_PEERS)], 50, overlaps(1000));
      expect(exactOf(loop!).similarity).toBe(0);
    });
  });
});
