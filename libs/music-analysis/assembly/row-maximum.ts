/**
 * The running maximum over ±radius of a row of float32 values, the window clipped to the row (signal/landmarks.ts,
 * the fingerprint peaks' row filter), four values per f32x4 vector. The row is padded with −∞ on both sides, then
 * maxima of 2, 4, 8, … consecutive values are built by doubling up to the largest power of two P ≤ 2·radius + 1,
 * and each result is the larger of the two P-maxima that cover its window. A maximum is exact whatever the order
 * it is taken in. Near the row's ends the van Herk filter this replaced took the maximum of the whole block of
 * 2·radius + 1 values (counted from the row's start) that a clipped window lies in (landmarks.ts filteredSpan), and
 * the catalogue's landmarks were extracted with it: those positions take the value of the position whose window is
 * that block, so every value is the same as before (the row must hold at least 2·radius + 1 values).
 *
 * Addresses are byte offsets into the imported memory, laid out by landmarks.ts (RowMaximum): `row` the `length`
 * values, preceded and followed by `radius` slots for the padding, and a further 4 slots after for the vector
 * loads past the end; `work` a row of the same size; `out` the `length` results.
 */
export function rowMaximum(row: usize, work: usize, out: usize, length: i32, radius: i32): void {
  const padded = length + 2 * radius;
  const minusInfinity = f32x4.splat(-Infinity);
  for (let i = 0; i < radius; i++) {
    store<f32>(row + ((<usize>i) << 2), -Infinity);
    store<f32>(row + ((<usize>(radius + length + i)) << 2), -Infinity);
  }
  v128.store(row + ((<usize>padded) << 2), minusInfinity);
  const width = 2 * radius + 1;
  // work[i] = max of the `span` values from i, span = 1, 2, 4, … ≤ width.
  memory.copy(work, row, (<usize>padded + 4) << 2);
  let span = 1;
  for (; span * 2 <= width; span *= 2) {
    const shift = (<usize>span) << 2;
    for (let i = 0; i < padded; i += 4) {
      const at = work + ((<usize>i) << 2);
      v128.store(at, f32x4.max(v128.load(at), v128.load(at + shift)));
    }
  }
  // The window of t (padded t … t + width − 1) is covered by the spans from t and from t + width − span.
  const second = (<usize>(width - span)) << 2;
  for (let t = 0; t < length; t += 4) {
    const at = work + ((<usize>t) << 2);
    v128.store(out + ((<usize>t) << 2), f32x4.max(v128.load(at), v128.load(at + second)));
  }
  // The first block's clipped windows (t < radius) and the last block's (t > its start + radius).
  const head = load<f32>(out + ((<usize>radius) << 2));
  for (let t = 0; t < radius; t++) store<f32>(out + ((<usize>t) << 2), head);
  const lastBlock = ((length - 1) / width) * width;
  if (lastBlock + radius < length) {
    const tail = load<f32>(out + ((<usize>(lastBlock + radius)) << 2));
    for (let t = lastBlock + radius + 1; t < length; t++) store<f32>(out + ((<usize>t) << 2), tail);
  }
}
