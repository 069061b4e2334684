import { beatPeriod, halveBeatRate, matchBeatRates } from './beat-rate';
import type { BeatChroma } from '../types';

/** Beat chroma with one pitch class per beat (pitch class = beat mod 12), beats `period` seconds apart. */
function steps(beats: number, period: number): BeatChroma {
  const data = new Float32Array(beats * 12);
  for (let b = 0; b < beats; b++) data[b * 12 + (b % 12)] = 1;
  return { data, beats, beatTimes: Float32Array.from({ length: beats }, (_, b) => b * period) };
}

describe('matchBeatRates', () => {
  it('splits the beats of a track read at half the beat rate of the other', () => {
    const [q, r] = matchBeatRates(steps(16, 0.25), steps(8, 0.5));
    expect(q.beats).toBe(16);
    expect(r.beats).toBe(16);
    expect(beatPeriod(r)).toBeCloseTo(0.25, 5);
    expect(Array.from(r.data.subarray(0, 24))).toEqual(
      Array.from(steps(8, 0.5).data.subarray(0, 12)).concat(Array.from(steps(8, 0.5).data.subarray(0, 12))),
    );
  });

  it('works the other way round, and up to a fourfold difference', () => {
    const [q, r] = matchBeatRates(steps(8, 1), steps(32, 0.25));
    expect(q.beats).toBe(32);
    expect(r.beats).toBe(32);
  });

  it('leaves tracks within a factor √2 of each other alone (a cover may be 20 % faster)', () => {
    const query = steps(20, 0.4);
    const ref = steps(20, 0.5);
    const [q, r] = matchBeatRates(query, ref);
    expect(q).toBe(query);
    expect(r).toBe(ref);
  });
});

describe('halveBeatRate', () => {
  it('merges pairs of beats into unit-length rows timed at the first beat of each pair', () => {
    const half = halveBeatRate(steps(9, 0.25));
    expect(half.beats).toBe(4);
    expect(Array.from(half.beatTimes)).toEqual([0, 0.5, 1, 1.5]);
    expect(half.data[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(half.data[1]).toBeCloseTo(Math.SQRT1_2, 6);
  });
});
