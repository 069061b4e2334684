/**
 * Sorting of packed keys: whole numbers below 2^53 that pack two fields into one exact double (a landmark's hash and
 * time, a lookup hash and its visit rank), so that one numeric order sorts by both.
 */

/** Bits per radix pass: 8,192 counters stay in the first-level cache. */
const DIGIT_BITS = 13;
const DIGIT_MASK = (1 << DIGIT_BITS) - 1;
/** Below this many keys the built-in sort is as quick. */
const RADIX_FROM = 2048;

/**
 * `keys` sorted ascending in place, the same result as Float64Array.prototype.sort, by least-significant-digit radix
 * passes (linear time). On the bench's 3-minute query (min of 12 runs): the query's lookup table (≈ 400,000 keys)
 * 16.4 → 13.5 ms, its fingerprints (≈ 135,000 landmark keys) 161 → 156 ms.
 * Every key must be a whole number in [0, 2^53): dividing by a power of two and flooring is then exact, and ToInt32
 * keeps the quotient's low 32 bits.
 */
export function sortPackedKeys(keys: Float64Array): Float64Array {
  const n = keys.length;
  if (n < RADIX_FROM) return keys.sort();
  let max = 0;
  for (let i = 0; i < n; i++) if (keys[i] > max) max = keys[i];
  const bits = max > 0 ? Math.floor(Math.log2(max)) + 1 : 0;
  const counts = new Int32Array(DIGIT_MASK + 1);
  let from: Float64Array = keys;
  let to: Float64Array = new Float64Array(n);
  for (let shift = 0; shift < bits; shift += DIGIT_BITS) {
    const scale = 2 ** shift;
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[Math.floor(from[i] / scale) & DIGIT_MASK]++;
    for (let d = 0, at = 0; d <= DIGIT_MASK; d++) {
      const c = counts[d];
      counts[d] = at;
      at += c;
    }
    for (let i = 0; i < n; i++) to[counts[Math.floor(from[i] / scale) & DIGIT_MASK]++] = from[i];
    [from, to] = [to, from];
  }
  if (from !== keys) keys.set(from);
  return keys;
}
