import { ScratchBuffer, selectRank } from './match-utils';

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
