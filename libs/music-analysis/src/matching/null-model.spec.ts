import type { MatchEvidence } from '../types';
import {
  MAX_NULL_PAIRS,
  MIN_FIT_TRACKS,
  MIN_NULL_PAIRS,
  NULL_EXCERPT_BEATS,
  NULL_EXCERPT_NOTES,
  NullModel,
  PRIOR_NULL_MODEL,
  TAIL_POSITIVES,
  type ScoreTail,
  fitNullModel,
  fitScoreTail,
  nullExcerpt,
  samplePairs,
} from './null-model';
import { buildPriorArt } from './prior-art';
import { aTrack } from '../../testing/match-fixtures';

/**
 * Scores drawn (at evenly spaced quantiles, so the test is deterministic) from the Gumbel law the null model
 * assumes: P(S ≥ s) = 1 − exp(−K·cells·e^(−λs)), i.e. s = (ln(K·cells) − ln(−ln u)) / λ for u uniform.
 */
function gumbelScores(lambda: number, logK: number, count: number): MatchEvidence[] {
  return Array.from({ length: count }, (_, i) => {
    const cells = [400, 1600, 6400][i % 3]!;
    const u = (i + 0.5) / count;
    return { score: (logK + Math.log(cells) - Math.log(-Math.log(u))) / lambda, cells };
  });
}

describe('fitScoreTail', () => {
  it('recovers λ and K of scores drawn from the Gumbel law, whatever the search-space sizes', () => {
    const tail = fitScoreTail(gumbelScores(0.5, -3, 600));
    expect(tail.lambda).toBeCloseTo(0.5, 1);
    expect(tail.logK).toBeCloseTo(-3, 0);
    expect(tail.positive).toBe(1);
  });

  it('counts the share of pairs with any score, and fits the positive ones', () => {
    const scores = [...gumbelScores(0.5, -3, 300), ...Array.from({ length: 300 }, () => ({ score: 0, cells: 100 }))];
    expect(fitScoreTail(scores).positive).toBeCloseTo(0.5, 5);
  });
});

describe('NullModel.perTrack', () => {
  const model = new NullModel({
    ...PRIOR_NULL_MODEL,
    tails: { ...PRIOR_NULL_MODEL.tails, melody: [fitScoreTail(gumbelScores(0.5, -3, 600))] },
  });

  it('is 1 without evidence, and falls as the score rises', () => {
    expect(model.perTrack('melody', undefined)).toBe(1);
    expect(model.perTrack('melody', { score: 0, cells: 1000 })).toBe(1);
    const chances = [5, 10, 20, 40].map((score) => model.perTrack('melody', { score, cells: 1000 }));
    for (let i = 1; i < chances.length; i++) expect(chances[i]).toBeLessThan(chances[i - 1]!);
    expect(chances[3]).toBeLessThan(1e-4);
  });

  it('grows with the size of the space searched: longer, denser pairs meet by chance more often', () => {
    const short = model.perTrack('melody', { score: 20, cells: 400 });
    const long = model.perTrack('melody', { score: 20, cells: 40_000 });
    expect(long).toBeGreaterThan(10 * short);
  });

  it('matches the share of unrelated pairs at least as strong, on the scores it was fitted on', () => {
    const scores = gumbelScores(0.5, -3, 600).filter((e) => e.cells === 1600);
    const median = scores.map((e) => e.score).sort((a, b) => a - b)[scores.length >> 1]!;
    expect(model.perTrack('melody', { score: median, cells: 1600 })).toBeCloseTo(0.5, 1);
  });

  it('keeps the chance of a score the catalogue reached by chance far from astronomically small (heavy tail)', () => {
    const outlier: MatchEvidence = { score: 60, cells: 1600 };
    const heavy = new NullModel({
      ...PRIOR_NULL_MODEL,
      tails: { ...PRIOR_NULL_MODEL.tails, melody: [fitScoreTail([...gumbelScores(0.5, -3, 299), outlier])] },
    });
    expect(model.perTrack('melody', outlier)).toBeLessThan(1e-8);
    expect(heavy.perTrack('melody', outlier)).toBeGreaterThan(1e-5);
  });

  it('reads the largest chance of several laws, as the prior does with one law per kind of music', () => {
    const light = fitScoreTail(gumbelScores(0.5, -3, 600));
    const heavy = fitScoreTail(gumbelScores(0.25, -3, 600));
    const one = (law: ScoreTail) =>
      new NullModel({ ...PRIOR_NULL_MODEL, tails: { ...PRIOR_NULL_MODEL.tails, melody: [law] } });
    const both = new NullModel({ ...PRIOR_NULL_MODEL, tails: { ...PRIOR_NULL_MODEL.tails, melody: [light, heavy] } });
    for (const score of [5, 20, 40]) {
      const e = { score, cells: 1600 };
      expect(both.perTrack('melody', e)).toBe(
        Math.max(one(light).perTrack('melody', e), one(heavy).perTrack('melody', e)),
      );
    }
    expect(both.perTrack('melody', { score: 40, cells: 1600 })).toBeGreaterThan(
      100 * one(light).perTrack('melody', { score: 40, cells: 1600 }),
    );
  });
});

describe('samplePairs', () => {
  it('draws distinct pairs of different tracks, the same for the same seed', () => {
    const pairs = samplePairs(10, 40, 'seed');
    expect(pairs).toHaveLength(40);
    expect(new Set(pairs.map(([i, j]) => `${i}-${j}`)).size).toBe(40);
    for (const [i, j] of pairs) {
      expect(i).not.toBe(j);
      expect(Math.max(i, j)).toBeLessThan(10);
    }
    expect(samplePairs(10, 40, 'seed')).toEqual(pairs);
    expect(samplePairs(10, 40, 'other')).not.toEqual(pairs);
  });

  it('takes every pair when fewer exist than asked for', () => {
    expect(samplePairs(4, 100, 'seed')).toHaveLength(12);
  });
});

describe('fitNullModel', () => {
  it('falls back to the offline prior for a catalogue too small to fit', () => {
    const tracks = Array.from({ length: MIN_FIT_TRACKS - 1 }, (_, i) => aTrack({ seed: i }));
    const model = fitNullModel(tracks, buildPriorArt(tracks), 'v1');
    expect(model.json).toBe(PRIOR_NULL_MODEL);
  });

  it('has a prior with one law per kind of music it was fitted on, in every dimension', () => {
    for (const laws of Object.values(PRIOR_NULL_MODEL.tails)) expect(laws).toHaveLength(4);
  });

  it('fits a large enough catalogue on its own pairs, deterministically', () => {
    const tracks = Array.from({ length: MIN_FIT_TRACKS }, (_, i) => aTrack({ seed: 100 + i }));
    const priorArt = buildPriorArt(tracks);
    const model = fitNullModel(tracks, priorArt, 'v1', 60);
    expect(model.json.source).toBe('catalogue');
    expect(model.json.pairs).toBe(60);
    expect(fitNullModel(tracks, priorArt, 'v1', 60).json).toEqual(model.json);
    // Every pair is compared in every dimension: the rhythm score is positive for any two drum patterns.
    expect(model.json.tails.rhythm[0]!.samples).toBeGreaterThan(0);
  });
});

describe('fitNullModel pair count', () => {
  it('compares pairs beyond the minimum until every dimension has a tail of real tail scores, or pairs run out', () => {
    const tracks = Array.from({ length: MIN_FIT_TRACKS }, (_, i) => aTrack({ seed: 300 + i }));
    const model = fitNullModel(tracks, buildPriorArt(tracks), 'v1');
    const available = tracks.length * (tracks.length - 1);
    expect(model.json.pairs).toBeGreaterThanOrEqual(MIN_NULL_PAIRS);
    expect(model.json.pairs).toBeLessThanOrEqual(Math.min(MAX_NULL_PAIRS, available));
    // Stopped early only with enough positive scores in every dimension for a tail of real tail scores.
    if (model.json.pairs < Math.min(MAX_NULL_PAIRS, available))
      for (const [tail] of Object.values(model.json.tails))
        expect(tail!.samples).toBeGreaterThanOrEqual(TAIL_POSITIVES);
  });
});

describe('nullExcerpt', () => {
  it('cuts a long track to the notes and beats a null comparison needs, and leaves a short one as it is', () => {
    const long = aTrack({ seed: 5, bars: 64 });
    expect(long.melody.length).toBeGreaterThan(NULL_EXCERPT_NOTES);
    const cut = nullExcerpt(long);
    expect(cut.melody).toEqual(long.melody.slice(0, NULL_EXCERPT_NOTES));
    expect(cut.beatChroma.beats).toBe(NULL_EXCERPT_BEATS);
    expect(cut.beatChroma.data).toEqual(long.beatChroma.data.subarray(0, NULL_EXCERPT_BEATS * 12));
    const short = aTrack({ seed: 5, bars: 8 });
    expect(nullExcerpt(short)).toBe(short);
  });
});
