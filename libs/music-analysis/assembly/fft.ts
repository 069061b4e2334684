/**
 * The complex FFT of signal/fft.ts (RealFft) in WebAssembly with 128-bit SIMD: one complex value (re, im) is one
 * f64x2 lane pair, so a radix-4 butterfly is 4 vector loads, 3 complex products and 8 vector adds instead of
 * twice as many scalar operations, and the loads need no bounds checks. Compiled by `npm run build:wasm` into
 * signal/fft-wasm.generated.ts.
 *
 * Every value is the same double, bit for bit, as the scalar arithmetic the TypeScript RealFft did before this
 * module: the same products and sums in the same order (a + b and b + a are the same double, a − b is a + (−b),
 * and negating or multiplying by ±1 is exact), with no fused multiply-add (WebAssembly has none).
 *
 * RealFft (signal/fft.ts) owns the memory layout; all addresses are byte offsets into the imported memory:
 * `input` the frame's `size` doubles; `z` the output (size + 2 doubles); `gather` one i32 per first-pass DFT;
 * `window` the window in gather order; `twiddles` per radix-4 pass and k the vectors (w1r, w1r), (−w1i, w1i),
 * (w2r, w2r), (−w2i, w2i), (w3r, w3r), (−w3i, w3i); `untangleTwiddles` cos and −sin of πk/M, interleaved.
 */

/** Lane signs that turn (re, im) into (re, −im). */
const CONJUGATE_SIGNS: v128 = f64x2(1.0, -1.0);
const SQRT_HALF: f64 = 0.7071067811865476;

/** v · (−i) = (v.im, −v.re). */
function timesMinusI(v: v128): v128 {
  return f64x2.mul(v128.shuffle<f64>(v, v, 1, 0), CONJUGATE_SIGNS);
}

/** v · w for the twiddle vectors (wr, wr), (−wi, wi) at `at`: (vr·wr − vi·wi, vi·wr + vr·wi). */
function turn(v: v128, at: usize): v128 {
  const real = f64x2.mul(v, v128.load(at));
  const imaginary = f64x2.mul(v128.shuffle<f64>(v, v, 1, 0), v128.load(at, 16));
  return f64x2.add(real, imaginary);
}

/** The spectrum of the frame at `input` into `z`, bins 0…M (M = size / 2 complex values). */
export function transform(
  input: usize,
  z: usize,
  m: i32,
  firstLength: i32,
  gather: usize,
  window: usize,
  twiddles: usize,
  untangleTwiddles: usize,
): void {
  if (firstLength == 4) gather4(input, z, m, gather, window);
  else if (firstLength == 8) gather8(input, z, m, gather, window);
  else gather2(input, z, m, gather, window);
  radix4Passes(z, m, firstLength, twiddles);
  untangle(z, m, untangleTwiddles);
}

/** Byte offset of the first input of first-pass DFT j: z index gather[j], two doubles each. */
function firstInput(input: usize, gather: usize, j: i32): usize {
  return input + ((<usize>load<i32>(gather + ((<usize>j) << 2))) << 4);
}

/** Windowed bit-reversal gather fused with the 2-point DFTs of z[r], z[r + M/2] (M = 2 only). */
function gather2(input: usize, z: usize, m: i32, gather: usize, window: usize): void {
  const stride: usize = (<usize>m) << 3;
  const count = m / 2;
  for (let j = 0; j < count; j++) {
    const at = firstInput(input, gather, j);
    const p: usize = (<usize>j) << 5;
    const a = f64x2.mul(v128.load(at), v128.load(window + p));
    const b = f64x2.mul(v128.load(at + stride), v128.load(window + p, 16));
    v128.store(z + p, f64x2.add(a, b));
    v128.store(z + p, f64x2.sub(a, b), 16);
  }
}

/** Windowed bit-reversal gather fused with the 4-point DFTs of z[r + n·M/4], n = 0…3. */
function gather4(input: usize, z: usize, m: i32, gather: usize, window: usize): void {
  const stride: usize = (<usize>m) << 2;
  const count = m / 4;
  for (let j = 0; j < count; j++) {
    const at = firstInput(input, gather, j);
    const p: usize = (<usize>j) << 6;
    const w = window + p;
    const a0 = f64x2.mul(v128.load(at), v128.load(w));
    const a1 = f64x2.mul(v128.load(at + stride), v128.load(w, 16));
    const a2 = f64x2.mul(v128.load(at + 2 * stride), v128.load(w, 32));
    const a3 = f64x2.mul(v128.load(at + 3 * stride), v128.load(w, 48));
    const t0 = f64x2.add(a0, a2);
    const t1 = f64x2.sub(a0, a2);
    const t2 = f64x2.add(a1, a3);
    const t3 = timesMinusI(f64x2.sub(a1, a3));
    v128.store(z + p, f64x2.add(t0, t2));
    v128.store(z + p, f64x2.add(t1, t3), 16);
    v128.store(z + p, f64x2.sub(t0, t2), 32);
    v128.store(z + p, f64x2.sub(t1, t3), 48);
  }
}

/**
 * Windowed bit-reversal gather fused with the 8-point DFTs of z[r + n·M/8], n = 0…7, in scalar code: its
 * twiddles e^(−iπm/4) mix the lanes in sums whose order the vector form would change.
 */
function gather8(input: usize, z: usize, m: i32, gather: usize, window: usize): void {
  const s: usize = (<usize>m) << 1;
  const count = m / 8;
  for (let j = 0; j < count; j++) {
    const o = firstInput(input, gather, j);
    const p: usize = (<usize>j) << 7;
    const w = window + p;
    const a0r = load<f64>(o) * load<f64>(w);
    const a0i = load<f64>(o, 8) * load<f64>(w, 8);
    const a1r = load<f64>(o + s) * load<f64>(w, 16);
    const a1i = load<f64>(o + s, 8) * load<f64>(w, 24);
    const a2r = load<f64>(o + 2 * s) * load<f64>(w, 32);
    const a2i = load<f64>(o + 2 * s, 8) * load<f64>(w, 40);
    const a3r = load<f64>(o + 3 * s) * load<f64>(w, 48);
    const a3i = load<f64>(o + 3 * s, 8) * load<f64>(w, 56);
    const a4r = load<f64>(o + 4 * s) * load<f64>(w, 64);
    const a4i = load<f64>(o + 4 * s, 8) * load<f64>(w, 72);
    const a5r = load<f64>(o + 5 * s) * load<f64>(w, 80);
    const a5i = load<f64>(o + 5 * s, 8) * load<f64>(w, 88);
    const a6r = load<f64>(o + 6 * s) * load<f64>(w, 96);
    const a6i = load<f64>(o + 6 * s, 8) * load<f64>(w, 104);
    const a7r = load<f64>(o + 7 * s) * load<f64>(w, 112);
    const a7i = load<f64>(o + 7 * s, 8) * load<f64>(w, 120);
    let t0r = a0r + a4r;
    let t0i = a0i + a4i;
    let t1r = a0r - a4r;
    let t1i = a0i - a4i;
    let t2r = a2r + a6r;
    let t2i = a2i + a6i;
    let t3r = a2r - a6r;
    let t3i = a2i - a6i;
    const e0r = t0r + t2r;
    const e0i = t0i + t2i;
    const e1r = t1r + t3i;
    const e1i = t1i - t3r;
    const e2r = t0r - t2r;
    const e2i = t0i - t2i;
    const e3r = t1r - t3i;
    const e3i = t1i + t3r;
    t0r = a1r + a5r;
    t0i = a1i + a5i;
    t1r = a1r - a5r;
    t1i = a1i - a5i;
    t2r = a3r + a7r;
    t2i = a3i + a7i;
    t3r = a3r - a7r;
    t3i = a3i - a7i;
    const d0r = t0r + t2r;
    const d0i = t0i + t2i;
    const d1r = (t1r + t3i + t1i - t3r) * SQRT_HALF;
    const d1i = (t1i - t3r - t1r - t3i) * SQRT_HALF;
    const d2r = t0i - t2i;
    const d2i = t2r - t0r;
    const d3r = (t1i + t3r - t1r + t3i) * SQRT_HALF;
    const d3i = -(t1r - t3i + t1i + t3r) * SQRT_HALF;
    const out = z + p;
    store<f64>(out, e0r + d0r);
    store<f64>(out, e0i + d0i, 8);
    store<f64>(out, e1r + d1r, 16);
    store<f64>(out, e1i + d1i, 24);
    store<f64>(out, e2r + d2r, 32);
    store<f64>(out, e2i + d2i, 40);
    store<f64>(out, e3r + d3r, 48);
    store<f64>(out, e3i + d3i, 56);
    store<f64>(out, e0r - d0r, 64);
    store<f64>(out, e0i - d0i, 72);
    store<f64>(out, e1r - d1r, 80);
    store<f64>(out, e1i - d1i, 88);
    store<f64>(out, e2r - d2r, 96);
    store<f64>(out, e2i - d2i, 104);
    store<f64>(out, e3r - d3r, 112);
    store<f64>(out, e3i - d3i, 120);
  }
}

/**
 * Radix-4 DIT passes combining blocks of L/4 into L (see RealFft): a block's quarters hold the transforms of
 * x[4n], x[4n+2], x[4n+1], x[4n+3], hence the a1/a2 swap; k runs outside the blocks so each twiddle is loaded
 * once per pass. Lengths and positions count bytes.
 */
function radix4Passes(z: usize, m: i32, firstLength: i32, twiddles: usize): void {
  const end: usize = z + ((<usize>m) << 4);
  let t = twiddles;
  for (let length: usize = (<usize>firstLength) << 6; length <= (<usize>m) << 4; length <<= 2) {
    const q = length >> 2;
    for (let k: usize = 0; k < q; k += 16, t += 96) {
      for (let i0 = z + k; i0 < end; i0 += length) {
        const i1 = i0 + q;
        const i2 = i1 + q;
        const i3 = i2 + q;
        const a0 = v128.load(i0);
        const a1 = turn(v128.load(i2), t);
        const a2 = turn(v128.load(i1), t + 32);
        const a3 = turn(v128.load(i3), t + 64);
        const t0 = f64x2.add(a0, a2);
        const t1 = f64x2.sub(a0, a2);
        const t2 = f64x2.add(a1, a3);
        const t3 = timesMinusI(f64x2.sub(a1, a3));
        v128.store(i0, f64x2.add(t0, t2));
        v128.store(i1, f64x2.add(t1, t3));
        v128.store(i2, f64x2.sub(t0, t2));
        v128.store(i3, f64x2.sub(t1, t3));
      }
    }
  }
}

/** The real spectrum from the complex one, in place (see RealFft.untangle); X[M] lands just past Z. */
function untangle(z: usize, m: i32, twiddles: usize): void {
  const last: usize = z + ((<usize>m) << 4);
  const z0r = load<f64>(z);
  const z0i = load<f64>(z, 8);
  store<f64>(z, z0r + z0i);
  store<f64>(z, 0.0, 8);
  store<f64>(last, z0r - z0i);
  store<f64>(last, 0.0, 8);
  for (let k: usize = 16, j: usize = ((<usize>m) << 4) - 16; k <= j; k += 16, j -= 16) {
    const zk = z + k;
    const zj = z + j;
    const er = load<f64>(zk) + load<f64>(zj);
    const ei = load<f64>(zk, 8) - load<f64>(zj, 8);
    const or = load<f64>(zk, 8) + load<f64>(zj, 8);
    const oi = load<f64>(zj) - load<f64>(zk);
    const cr = load<f64>(twiddles + k);
    const ci = load<f64>(twiddles + k, 8);
    const tr = cr * or - ci * oi;
    const ti = cr * oi + ci * or;
    store<f64>(zk, 0.5 * (er + tr));
    store<f64>(zk, 0.5 * (ei + ti), 8);
    store<f64>(zj, 0.5 * (er - tr));
    store<f64>(zj, 0.5 * (ti - ei), 8);
  }
}

/**
 * The magnitudes |X[k]| = sqrt(re² + im²) of the `bins` bins at `z`, as float32 at `out`: two bins per vector,
 * the same correctly rounded square root and float32 rounding as Math.sqrt stored into a Float32Array.
 */
export function magnitudes(z: usize, out: usize, bins: i32): void {
  const pairs = bins >> 1;
  for (let k = 0; k < pairs; k++) {
    const a = v128.load(z + ((<usize>k) << 5));
    const b = v128.load(z + ((<usize>k) << 5), 16);
    const squaresA = f64x2.mul(a, a);
    const squaresB = f64x2.mul(b, b);
    const sums = f64x2.add(v128.shuffle<f64>(squaresA, squaresB, 0, 2), v128.shuffle<f64>(squaresA, squaresB, 1, 3));
    v128.store64_lane(out + ((<usize>k) << 3), f32x4.demote_f64x2_zero(f64x2.sqrt(sums)), 0);
  }
  if (bins & 1) {
    const at = z + ((<usize>pairs) << 5);
    const re = load<f64>(at);
    const im = load<f64>(at, 8);
    store<f32>(out + ((<usize>pairs) << 3), <f32>Math.sqrt(re * re + im * im));
  }
}
