import { sortPackedKeys } from './packed-keys';
import { seededRandom } from '../../testing/test-signals';

describe('sortPackedKeys', () => {
  const random = seededRandom(5);
  const packed = (n: number, hashBits: number, lowBits: number): Float64Array =>
    Float64Array.from(
      { length: n },
      () => Math.floor(random() * 2 ** hashBits) * 2 ** lowBits + Math.floor(random() * 2 ** lowBits),
    );

  it.each([
    ['hash × 2^32 + rank, as the lookup keys', 50_000, 21, 32],
    ['time × 2^21 + hash, as the landmarks', 40_000, 14, 21],
    ['few distinct values (duplicates)', 10_000, 2, 1],
    ['below the radix threshold', 100, 21, 32],
  ])('sorts %s exactly as the built-in sort does', (_, n, high, low) => {
    const keys = packed(n, high, low);
    const expected = keys.slice().sort();
    expect(sortPackedKeys(keys)).toEqual(expected);
  });

  it('sorts a view in place (a subarray of a larger buffer)', () => {
    const buffer = packed(5000, 21, 32);
    const view = buffer.subarray(100, 4100);
    const expected = view.slice().sort();
    const before = buffer.slice(0, 100);
    sortPackedKeys(view);
    expect(buffer.subarray(100, 4100)).toEqual(expected);
    expect(buffer.subarray(0, 100)).toEqual(before);
  });

  it('keeps zeros and the largest exact whole number', () => {
    const keys = new Float64Array(3000).fill(0);
    keys[7] = 2 ** 53 - 1;
    keys[8] = 1;
    const sorted = sortPackedKeys(keys);
    expect(sorted[2999]).toBe(2 ** 53 - 1);
    expect(sorted[2998]).toBe(1);
    expect(sorted[0]).toBe(0);
  });
});
