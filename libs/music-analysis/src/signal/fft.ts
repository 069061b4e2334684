/**
 * Real-input FFT for the STFT. A real transform of size N is computed as a complex FFT of size M = N/2 over
 * z[n] = x[2n] + i·x[2n+1], then untangled into the N/2 + 1 bins of the real spectrum, which halves the work of
 * a complex transform. The complex FFT is an iterative decimation-in-time one: a first pass of 4-point DFTs
 * (8-point when log2 M is odd) fused with the window and the bit-reversal gather from the input, so a frame is
 * read straight from the signal, then radix-4 passes. Twiddles, the gather order and the window in gather order
 * are computed once per size, and `transform` allocates nothing; the transform runs in the output buffer.
 *
 * Forward transform, X[k] = Σ w[n]·x[n]·e^(−2πikn/N), written as re, im interleaved for bins 0…N/2 (the layout
 * of fft.js `realTransform`, which this replaces).
 */
const SQRT_HALF = Math.SQRT1_2;

export class RealFft {
  /** Complex length M = size/2. */
  private readonly m: number;
  /** Points per first-pass DFT: 4 when log2 M is even, 8 when odd (2 for M = 2). */
  private readonly firstLength: number;
  /** For each first-pass DFT, the z index of its first input (bit-reversed order). */
  private readonly gather: Int32Array;
  /** The window in the order the first pass reads the input, so its loads are sequential. */
  private readonly gatherWindow: Float64Array;
  /** Per radix-4 pass of length L: w^k, w^2k, w^3k (re, im each) for k < L/4, passes concatenated. */
  private readonly twiddles: Float64Array;
  /** cos and −sin of πk/M for k ≤ M/2, interleaved, for the untangle step. */
  private readonly untangleTwiddles: Float64Array;

  /** `window` (length `size`) multiplies the input; none means a rectangular one. */
  constructor(
    readonly size: number,
    window?: Float64Array,
  ) {
    if (!Number.isInteger(Math.log2(size)) || size < 4) throw new RangeError('FFT size must be a power of two ≥ 4');
    if (window && window.length !== size) throw new RangeError('window length must equal the FFT size');
    const m = size / 2;
    this.m = m;
    this.firstLength = Math.log2(m) % 2 === 0 ? 4 : m >= 8 ? 8 : 2;
    this.gather = gatherOrder(m, this.firstLength);
    this.gatherWindow = windowInGatherOrder(window ?? new Float64Array(size).fill(1), this.gather, this.firstLength);
    this.twiddles = radix4Twiddles(m, this.firstLength * 4);
    this.untangleTwiddles = untangleTwiddles(m);
  }

  /**
   * Spectrum of the windowed `input[offset … offset + size)` into `out` (length ≥ size + 2): re, im interleaved,
   * bins 0…size/2.
   */
  transform(input: Float32Array | Float64Array, out: Float64Array, offset = 0): void {
    if (!(offset >= 0 && offset + this.size <= input.length)) throw new RangeError('frame outside the input');
    if (out.length < this.size + 2) throw new RangeError('output shorter than size + 2');
    if (this.firstLength === 4) this.gather4(input, offset, out);
    else if (this.firstLength === 8) this.gather8(input, offset, out);
    else this.gather2(input, offset, out);
    this.radix4Passes(out);
    this.untangle(out);
  }

  /** Windowed bit-reversal gather fused with the 2-point DFTs of z[r], z[r + M/2]. */
  private gather2(input: Float32Array | Float64Array, offset: number, z: Float64Array): void {
    const { gather, gatherWindow: w } = this;
    const s = this.m; // M/2 in z is M in x
    for (let j = 0, p = 0; j < gather.length; j++, p += 4) {
      const o = offset + 2 * gather[j]!;
      const ar = input[o]! * w[p]!;
      const ai = input[o + 1]! * w[p + 1]!;
      const br = input[o + s]! * w[p + 2]!;
      const bi = input[o + s + 1]! * w[p + 3]!;
      z[p] = ar + br;
      z[p + 1] = ai + bi;
      z[p + 2] = ar - br;
      z[p + 3] = ai - bi;
    }
  }

  /** Windowed bit-reversal gather fused with the 4-point DFTs of z[r + n·M/4], n = 0…3. */
  private gather4(input: Float32Array | Float64Array, offset: number, z: Float64Array): void {
    const { gather, gatherWindow: w } = this;
    const s = this.m / 2; // M/4 in z is M/2 in x
    for (let j = 0, p = 0; j < gather.length; j++, p += 8) {
      const o = offset + 2 * gather[j]!;
      const a0r = input[o]! * w[p]!;
      const a0i = input[o + 1]! * w[p + 1]!;
      const a1r = input[o + s]! * w[p + 2]!;
      const a1i = input[o + s + 1]! * w[p + 3]!;
      const a2r = input[o + 2 * s]! * w[p + 4]!;
      const a2i = input[o + 2 * s + 1]! * w[p + 5]!;
      const a3r = input[o + 3 * s]! * w[p + 6]!;
      const a3i = input[o + 3 * s + 1]! * w[p + 7]!;
      const t0r = a0r + a2r;
      const t0i = a0i + a2i;
      const t1r = a0r - a2r;
      const t1i = a0i - a2i;
      const t2r = a1r + a3r;
      const t2i = a1i + a3i;
      const t3r = a1r - a3r;
      const t3i = a1i - a3i;
      z[p] = t0r + t2r;
      z[p + 1] = t0i + t2i;
      z[p + 2] = t1r + t3i;
      z[p + 3] = t1i - t3r;
      z[p + 4] = t0r - t2r;
      z[p + 5] = t0i - t2i;
      z[p + 6] = t1r - t3i;
      z[p + 7] = t1i + t3r;
    }
  }

  /**
   * Windowed bit-reversal gather fused with the 8-point DFTs of z[r + n·M/8], n = 0…7: 4-point DFTs of the even
   * (e) and odd (d) inputs, the odd ones turned by e^(−iπm/4), then combined. It saves one pass over the data.
   */
  private gather8(input: Float32Array | Float64Array, offset: number, z: Float64Array): void {
    const { gather, gatherWindow: w } = this;
    const s = this.m / 4; // M/8 in z is M/4 in x
    for (let j = 0, p = 0; j < gather.length; j++, p += 16) {
      const o = offset + 2 * gather[j]!;
      const a0r = input[o]! * w[p]!;
      const a0i = input[o + 1]! * w[p + 1]!;
      const a1r = input[o + s]! * w[p + 2]!;
      const a1i = input[o + s + 1]! * w[p + 3]!;
      const a2r = input[o + 2 * s]! * w[p + 4]!;
      const a2i = input[o + 2 * s + 1]! * w[p + 5]!;
      const a3r = input[o + 3 * s]! * w[p + 6]!;
      const a3i = input[o + 3 * s + 1]! * w[p + 7]!;
      const a4r = input[o + 4 * s]! * w[p + 8]!;
      const a4i = input[o + 4 * s + 1]! * w[p + 9]!;
      const a5r = input[o + 5 * s]! * w[p + 10]!;
      const a5i = input[o + 5 * s + 1]! * w[p + 11]!;
      const a6r = input[o + 6 * s]! * w[p + 12]!;
      const a6i = input[o + 6 * s + 1]! * w[p + 13]!;
      const a7r = input[o + 7 * s]! * w[p + 14]!;
      const a7i = input[o + 7 * s + 1]! * w[p + 15]!;
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
      z[p] = e0r + d0r;
      z[p + 1] = e0i + d0i;
      z[p + 2] = e1r + d1r;
      z[p + 3] = e1i + d1i;
      z[p + 4] = e2r + d2r;
      z[p + 5] = e2i + d2i;
      z[p + 6] = e3r + d3r;
      z[p + 7] = e3i + d3i;
      z[p + 8] = e0r - d0r;
      z[p + 9] = e0i - d0i;
      z[p + 10] = e1r - d1r;
      z[p + 11] = e1i - d1i;
      z[p + 12] = e2r - d2r;
      z[p + 13] = e2i - d2i;
      z[p + 14] = e3r - d3r;
      z[p + 15] = e3i - d3i;
    }
  }

  /**
   * Radix-4 DIT passes combining blocks of L/4 into L. In bit-reversed order a block's quarters hold the
   * transforms of x[4n], x[4n+2], x[4n+1], x[4n+3], hence the a1/a2 swap against the positions. The loop runs
   * over k outside the blocks so each twiddle is loaded once per pass.
   */
  private radix4Passes(z: Float64Array): void {
    const tw = this.twiddles;
    const end = this.size;
    let t = 0;
    // Lengths and positions count doubles: two per complex value.
    for (let length = this.firstLength * 8; length <= end; length *= 4) {
      const q = length / 4;
      for (let k = 0; k < q; k += 2, t += 6) {
        const w1r = tw[t]!;
        const w1i = tw[t + 1]!;
        const w2r = tw[t + 2]!;
        const w2i = tw[t + 3]!;
        const w3r = tw[t + 4]!;
        const w3i = tw[t + 5]!;
        for (let i0 = k; i0 < end; i0 += length) {
          const i1 = i0 + q;
          const i2 = i1 + q;
          const i3 = i2 + q;
          const a0r = z[i0]!;
          const a0i = z[i0 + 1]!;
          let vr = z[i2]!;
          let vi = z[i2 + 1]!;
          const a1r = vr * w1r - vi * w1i;
          const a1i = vr * w1i + vi * w1r;
          vr = z[i1]!;
          vi = z[i1 + 1]!;
          const a2r = vr * w2r - vi * w2i;
          const a2i = vr * w2i + vi * w2r;
          vr = z[i3]!;
          vi = z[i3 + 1]!;
          const a3r = vr * w3r - vi * w3i;
          const a3i = vr * w3i + vi * w3r;
          const t0r = a0r + a2r;
          const t0i = a0i + a2i;
          const t1r = a0r - a2r;
          const t1i = a0i - a2i;
          const t2r = a1r + a3r;
          const t2i = a1i + a3i;
          const t3r = a1r - a3r;
          const t3i = a1i - a3i;
          z[i0] = t0r + t2r;
          z[i0 + 1] = t0i + t2i;
          z[i1] = t1r + t3i;
          z[i1 + 1] = t1i - t3r;
          z[i2] = t0r - t2r;
          z[i2 + 1] = t0i - t2i;
          z[i3] = t1r - t3i;
          z[i3 + 1] = t1i + t3r;
        }
      }
    }
  }

  /**
   * In place, Z = FFT(z) into X: Z holds E = FFT(x even) and O = FFT(x odd) as E[k] = (Z[k] + Z*[M−k])/2 and
   * O[k] = (Z[k] − Z*[M−k])/2i, and X[k] = E[k] + e^(−iπk/M)·O[k]. Bins k and M−k share their terms, so they are
   * computed together; X[M] lands just past Z.
   */
  private untangle(z: Float64Array): void {
    const { untangleTwiddles: tw, m } = this;
    const z0r = z[0]!;
    const z0i = z[1]!;
    z[0] = z0r + z0i;
    z[1] = 0;
    z[2 * m] = z0r - z0i;
    z[2 * m + 1] = 0;
    // Positions count doubles: k and j are bins k/2 and M − k/2.
    for (let k = 2, j = 2 * m - 2; k <= j; k += 2, j -= 2) {
      const er = z[k]! + z[j]!;
      const ei = z[k + 1]! - z[j + 1]!;
      const or = z[k + 1]! + z[j + 1]!;
      const oi = z[j]! - z[k]!;
      const cr = tw[k]!;
      const ci = tw[k + 1]!;
      const tr = cr * or - ci * oi;
      const ti = cr * oi + ci * or;
      z[k] = 0.5 * (er + tr);
      z[k + 1] = 0.5 * (ei + ti);
      z[j] = 0.5 * (er - tr);
      z[j + 1] = 0.5 * (ti - ei);
    }
  }
}

/** For each first-pass DFT (of `firstLength` points), the bit-reversed z index of its first input. */
function gatherOrder(m: number, firstLength: number): Int32Array {
  const bits = Math.log2(m / firstLength);
  const order = new Int32Array(m / firstLength);
  for (let j = 0; j < order.length; j++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((j >> b) & 1) << (bits - 1 - b);
    order[j] = r;
  }
  return order;
}

/** The window values in the order the first pass multiplies them: DFT by DFT, input n = 0…firstLength−1. */
function windowInGatherOrder(window: Float64Array, gather: Int32Array, firstLength: number): Float64Array {
  const stride = window.length / firstLength;
  const ordered = new Float64Array(window.length);
  let p = 0;
  for (const r of gather) {
    for (let n = 0; n < firstLength; n++, p += 2) {
      ordered[p] = window[2 * r + n * stride]!;
      ordered[p + 1] = window[2 * r + n * stride + 1]!;
    }
  }
  return ordered;
}

/** Twiddles of the radix-4 passes of lengths firstPassLength, 4·firstPassLength, … M (complex values). */
function radix4Twiddles(m: number, firstPassLength: number): Float64Array {
  let count = 0;
  for (let length = firstPassLength; length <= m; length *= 4) count += (6 * length) / 4;
  const tw = new Float64Array(count);
  let t = 0;
  for (let length = firstPassLength; length <= m; length *= 4) {
    for (let k = 0; k < length / 4; k++) {
      for (let p = 1; p <= 3; p++, t += 2) {
        const angle = (-2 * Math.PI * p * k) / length;
        tw[t] = Math.cos(angle);
        tw[t + 1] = Math.sin(angle);
      }
    }
  }
  return tw;
}

function untangleTwiddles(m: number): Float64Array {
  const tw = new Float64Array(m + 2);
  for (let k = 0; k <= m / 2; k++) {
    tw[2 * k] = Math.cos((Math.PI * k) / m);
    tw[2 * k + 1] = -Math.sin((Math.PI * k) / m);
  }
  return tw;
}
