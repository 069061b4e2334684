/**
 * The salience accumulation of signal/melody.ts (HarmonicVotes.held) in WebAssembly: each vote adds its weighted
 * cos² window to the frame's salience (float32 per pitch state), then each state's held salience is the larger of
 * that and the decayed held value of the frame before. Two states per f64x2 vector, with the same products, sums
 * and float32 roundings as the TypeScript loops this replaced, so every value is the same bit for bit.
 *
 * Addresses are byte offsets into the imported memory, laid out by melody.ts: per vote `lo`, `hi` (i32, the states
 * its window covers), `weight` (f64) and `window` (i32, which window's cosines it adds); `cosines` `windowSpan`
 * doubles per window, from its value at lo; `salience` and `held` one float32 per state.
 */
export function addVotes(
  votes: i32,
  lo: usize,
  hi: usize,
  weight: usize,
  window: usize,
  cosines: usize,
  windowSpan: i32,
  salience: usize,
  held: usize,
  states: i32,
  decay: f64,
): void {
  memory.fill(salience, 0, (<usize>states) << 2);
  const one = f64x2.splat(1);
  for (let v = 0; v < votes; v++) {
    const halfWeight = load<f64>(weight + ((<usize>v) << 3)) * 0.5;
    const halfWeights = f64x2.splat(halfWeight);
    const first = load<i32>(lo + ((<usize>v) << 2));
    const last = load<i32>(hi + ((<usize>v) << 2));
    // The window's cosine at state s is at cos + (s − first) doubles.
    const cos = cosines + ((<usize>(load<i32>(window + ((<usize>v) << 2)) * windowSpan - first)) << 3);
    let s = first;
    for (; s < last; s += 2) {
      const at = salience + ((<usize>s) << 2);
      const sum = f64x2.promote_low_f32x4(v128.load64_zero(at));
      const added = f64x2.mul(halfWeights, f64x2.add(one, v128.load(cos + ((<usize>s) << 3))));
      v128.store64_lane(at, f32x4.demote_f64x2_zero(f64x2.add(sum, added)), 0);
    }
    if (s === last) {
      const at = salience + ((<usize>s) << 2);
      store<f32>(at, <f32>(<f64>load<f32>(at) + halfWeight * (1 + load<f64>(cos + ((<usize>s) << 3)))));
    }
  }
  for (let s = 0; s < states; s++) {
    const decayed = decay * <f64>load<f32>(held + ((<usize>s) << 2));
    const own = <f64>load<f32>(salience + ((<usize>s) << 2));
    store<f32>(held + ((<usize>s) << 2), <f32>(decayed > own ? decayed : own));
  }
}
