import { ScratchBuffer, beatPeriod, halveBeatRate, matchBeatRates, selectRank } from './match-utils';
import type { BeatChroma } from './types';

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

describe('selectRank', () => {
  it('returns the value a sort would put at each rank, duplicates included', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const length of [1, 2, 5, 60, 361]) {
      const values = Float32Array.from({ length }, () => Math.round(next() * 20) / 4);
      const sorted = Float32Array.from(values).sort();
      for (const rank of [0, Math.floor(length * 0.9), length - 1])
        expect(selectRank(Float32Array.from(values), rank)).toBe(sorted[rank]);
    }
  });
});

describe('ScratchBuffer', () => {
  it('hands out views of the asked length on one kept buffer, grown when a larger one is asked for', () => {
    const scratch = new ScratchBuffer();
    const first = scratch.float32(100);
    expect(first.length).toBe(100);
    first[7] = 1.5;
    const smaller = scratch.uint8(40);
    expect(smaller.length).toBe(40);
    expect(smaller.buffer).toBe(first.buffer);
    expect(scratch.float32(100)[7]).toBe(1.5); // reused as it was left, not cleared
    const larger = scratch.float32(1000);
    expect(larger.length).toBe(1000);
    expect(larger.buffer).not.toBe(first.buffer);
    expect(scratch.float32(500).buffer).toBe(larger.buffer);
  });
});
