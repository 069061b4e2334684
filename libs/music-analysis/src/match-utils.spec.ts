import { selectRank } from './match-utils';

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
