/**
 * The onset envelope's positive log-spectral flux of one frame (signal/onset.ts, LogFlux) in WebAssembly: for each
 * bin v = ln(1 + 100·|X|), the increase d = v − the previous frame's v is summed where positive,
 * and v replaces the previous value. Four bins per f32x4 vector, with the single-precision logarithm of the Cephes
 * library (logf.c, S. L. Moshier): the exponent split off, the mantissa folded into [√½, √2) and a polynomial of
 * degree 9 in it, within 2 float32 ulps of the true logarithm. The previous values were float32 before as well,
 * and the sums are added in float64. A NaN magnitude gives a NaN step into and out of its bin, which adds nothing
 * (the frame's other bins still count).
 *
 * Addresses are byte offsets into the imported memory, laid out by onset.ts: `row` the frame's `bins` float32
 * magnitudes, `logs` the previous frame's `bins` float32 values, overwritten; both have room for a last vector
 * reaching up to 3 values past `bins` (those lanes are masked out of the sum).
 */
const COMPRESSION: f32 = 100;
const MIN_NORMAL: f32 = 1.17549435e-38;
const SQRT_HALF: f32 = 0.7071067811865476;
/** Cephes logf.c's coefficients, highest degree first. */
const P0: f32 = 7.0376836292e-2;
const P1: f32 = -1.151461031e-1;
const P2: f32 = 1.167699874e-1;
const P3: f32 = -1.2420140846e-1;
const P4: f32 = 1.4249322787e-1;
const P5: f32 = -1.6668057665e-1;
const P6: f32 = 2.0000714765e-1;
const P7: f32 = -2.4999993993e-1;
const P8: f32 = 3.3333331174e-1;
/** ln 2 as a sum: the short part multiplies an exponent exactly. */
const LN2_HI: f32 = 0.693359375;
const LN2_LO: f32 = -2.1219444e-4;

export function positiveFlux(row: usize, logs: usize, bins: i32): f64 {
  let sums = f64x2.splat(0);
  const one = f32x4.splat(1);
  const compression = f32x4.splat(COMPRESSION);
  const zero = f32x4.splat(0);
  for (let k = 0; k < bins; k += 4) {
    const at = (<usize>k) << 2;
    const v = logOf(f32x4.add(one, f32x4.mul(compression, v128.load(row + at))));
    const d = f32x4.sub(v, v128.load(logs + at));
    v128.store(logs + at, v);
    // A NaN step fails the test and adds nothing, as do the lanes past the row's end.
    const lanes = i32x4.lt_s(i32x4.add(i32x4.splat(k), i32x4(0, 1, 2, 3)), i32x4.splat(bins));
    const positive = v128.and(d, v128.and(f32x4.gt(d, zero), lanes));
    const swapped = i64x2.shuffle(positive, positive, 1, 0);
    sums = f64x2.add(sums, f64x2.add(f64x2.promote_low_f32x4(positive), f64x2.promote_low_f32x4(swapped)));
  }
  return f64x2.extract_lane(sums, 0) + f64x2.extract_lane(sums, 1);
}

/**
 * Natural logarithm of four float32 values (Cephes logf.c) for normal positive arguments; +∞ for +∞, NaN for the rest
 * (zero, negative, subnormal or NaN: a negative magnitude has no logarithm to rise from).
 */
function logOf(x: v128): v128 {
  const normal = v128.and(f32x4.ge(x, f32x4.splat(MIN_NORMAL)), f32x4.lt(x, f32x4.splat(Infinity)));
  const special = v128.bitselect(f32x4.splat(Infinity), f32x4.splat(NaN), f32x4.eq(x, f32x4.splat(Infinity)));
  return v128.bitselect(normalLog(x), special, normal);
}

/** logOf for normal positive arguments. */
function normalLog(x: v128): v128 {
  // x = m · 2^e with m in [½, 1); below √½ the mantissa is doubled (and e lowered) so that m − 1 is small.
  let e = i32x4.sub(i32x4.shr_u(x, 23), i32x4.splat(126));
  let m = v128.or(v128.and(x, i32x4.splat(0x807fffff)), i32x4.splat(0x3f000000));
  const low = f32x4.lt(m, f32x4.splat(SQRT_HALF));
  e = i32x4.add(e, low);
  m = f32x4.sub(f32x4.add(m, v128.and(m, low)), f32x4.splat(1));
  const ef = f32x4.convert_i32x4_s(e);
  const z = f32x4.mul(m, m);
  let y = f32x4.splat(P0);
  y = f32x4.add(f32x4.mul(y, m), f32x4.splat(P1));
  y = f32x4.add(f32x4.mul(y, m), f32x4.splat(P2));
  y = f32x4.add(f32x4.mul(y, m), f32x4.splat(P3));
  y = f32x4.add(f32x4.mul(y, m), f32x4.splat(P4));
  y = f32x4.add(f32x4.mul(y, m), f32x4.splat(P5));
  y = f32x4.add(f32x4.mul(y, m), f32x4.splat(P6));
  y = f32x4.add(f32x4.mul(y, m), f32x4.splat(P7));
  y = f32x4.add(f32x4.mul(y, m), f32x4.splat(P8));
  y = f32x4.mul(f32x4.mul(y, m), z);
  y = f32x4.add(y, f32x4.mul(ef, f32x4.splat(LN2_LO)));
  y = f32x4.sub(y, f32x4.mul(z, f32x4.splat(0.5)));
  return f32x4.add(f32x4.add(m, y), f32x4.mul(ef, f32x4.splat(LN2_HI)));
}
