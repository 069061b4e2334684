import { RUN_COSINE_FLOOR, bestBeatRun, harmonyAsScored, harmonyRunReading } from './harmony-run';
import type { DimensionComparison } from '../types';

/** n × m beat similarities at `base`, with `high` along the diagonal j = i + offset for query beats [from, to). */
function similarities(n: number, m: number, base: number, high: number, offset: number, from: number, to: number) {
  const S = new Float32Array(n * m).fill(base);
  for (let i = from; i < to; i++) S[i * m + i + offset] = high;
  return S;
}

const beats = (count: number, period: number) => Float32Array.from({ length: count }, (_, i) => i * period);

describe('bestBeatRun', () => {
  it('finds the diagonal whose beats stay above the floor, where it starts and ends', () => {
    const S = similarities(20, 50, 0.6, 0.95, 17, 4, 16);
    const run = bestBeatRun(S, 20, 50, false);
    expect(run.score).toBeCloseTo(12 * (0.95 - RUN_COSINE_FLOOR), 5);
    expect(run).toMatchObject({ queryStart: 4, queryEnd: 15, refStart: 21 });
  });

  it('keeps nothing where every beat pair is ordinary', () => {
    expect(bestBeatRun(new Float32Array(30 * 40).fill(0.8), 30, 40, false).score).toBe(0);
  });

  it('reads the reference backwards for the null: the forward diagonal is not found there', () => {
    const S = similarities(20, 50, 0.6, 0.95, 17, 4, 16);
    expect(bestBeatRun(S, 20, 50, true).score).toBeCloseTo(0.95 - RUN_COSINE_FLOOR, 5);
  });
});

describe('harmonyRunReading', () => {
  it('is net of the reversed reference, with the matched stretch and its tempo ratio', () => {
    const S = similarities(20, 50, 0.6, 0.95, 17, 4, 16);
    const q = beats(20, 0.5);
    const r = beats(50, 0.55);
    const reading = harmonyRunReading(S, 20, 50, -2, {
      query: q,
      ref: r,
      queryEnd: (b) => q[b]! + 0.5,
      refEnd: (b) => r[b]! + 0.55,
    });
    expect(reading.evidence.score).toBeCloseTo(11 * (0.95 - RUN_COSINE_FLOOR), 5);
    expect(reading.evidence.cells).toBe(1000);
    expect(reading.segments).toEqual([{ query: { start: 2, end: 8 }, reference: { start: 11.55, end: 18.15 } }]);
    expect(reading.transform.transpositionSemitones).toBe(-2);
    expect(reading.transform.tempoRatio).toBeCloseTo(1.1, 5);
  });

  it('is no evidence when a run as strong reads backwards (a palindrome of chords)', () => {
    const S = new Float32Array(10 * 10).fill(0.95);
    const none = harmonyRunReading(S, 10, 10, 0, {
      query: beats(10, 1),
      ref: beats(10, 1),
      queryEnd: (b) => b + 1,
      refEnd: (b) => b + 1,
    });
    expect(none.evidence.score).toBe(0);
    expect(none.segments).toEqual([]);
  });
});

describe('harmonyAsScored', () => {
  const harmony = (runRatio: number): DimensionComparison => ({
    dimension: 'harmony',
    similarity: 40,
    segments: [],
    transform: { transpositionSemitones: 0, tempoRatio: 1 },
    evidence: { score: 4, cells: 100 },
    run: {
      evidence: { score: 3, cells: 100 },
      transform: { transpositionSemitones: 0, tempoRatio: runRatio },
      segments: [],
    },
  });

  it('keeps a run found at a plausible tempo', () => {
    expect(harmonyAsScored(harmony(1.1)).run!.evidence.score).toBe(3);
  });

  it('fades a run found at a tempo no cover uses, as it fades Qmax', () => {
    expect(harmonyAsScored(harmony(1.4)).run!.evidence.score).toBe(0);
    expect(harmonyAsScored(harmony(1.4)).evidence!.score).toBe(4);
  });
});
