/**
 * Real-input FFT for the STFT. A real transform of size N is computed as a complex FFT of size M = N/2 over
 * z[n] = x[2n] + i·x[2n+1], then untangled into the N/2 + 1 bins of the real spectrum, which halves the work of
 * a complex transform. The complex FFT is an iterative decimation-in-time one: a first pass of 4-point DFTs
 * (8-point when log2 M is odd) fused with the window and the bit-reversal gather from the input, so a frame is
 * read straight from the signal, then radix-4 passes. Twiddles, the gather order and the window in gather order
 * are computed once per size here; the transform runs in WebAssembly with SIMD (assembly/fft.ts, ≈ 2.3× the
 * speed of the same arithmetic in TypeScript, and the same doubles bit for bit), in memory this class owns.
 *
 * Forward transform, X[k] = Σ w[n]·x[n]·e^(−2πikn/N), written as re, im interleaved for bins 0…N/2 (the layout
 * of fft.js `realTransform`, which this replaced).
 */
import { FFT_WASM_BASE64 } from './fft-wasm.generated';
import { WasmModule } from './wasm-module';

const FFT_MODULE = new WasmModule<{
  transform(...addresses: number[]): void;
  magnitudes(spectrum: number, out: number, bins: number): void;
}>(FFT_WASM_BASE64);

export class RealFft {
  /** The frame's samples as doubles, where the transform reads them. */
  private readonly input: Float64Array;
  /**
   * The spectrum of the last transform: a view of the module's memory, which never grows, so the view stays
   * valid; the next transform overwrites it.
   */
  readonly spectrum: Float64Array;
  /** |X[k]| of the last transform, bins 0…size/2, once `magnitudes` has computed them. */
  private readonly magnitudeRow: Float32Array;
  private readonly run: () => void;
  private readonly runMagnitudes: () => void;

  /** `window` (length `size`) multiplies the input; none means a rectangular one. */
  constructor(
    readonly size: number,
    window?: Float64Array,
  ) {
    if (!Number.isInteger(Math.log2(size)) || size < 4) throw new RangeError('FFT size must be a power of two ≥ 4');
    if (window && window.length !== size) throw new RangeError('window length must equal the FFT size');
    const m = size / 2;
    // Points per first-pass DFT: 4 when log2 M is even, 8 when odd (2 for M = 2).
    const firstLength = Math.log2(m) % 2 === 0 ? 4 : m >= 8 ? 8 : 2;
    const gather = gatherOrder(m, firstLength);
    const windowTable = windowInGatherOrder(window ?? new Float64Array(size).fill(1), gather, firstLength);
    const twiddleTable = radix4Twiddles(m, firstLength * 4);
    const untangleTable = untangleTwiddles(m);
    const { exports, views, at } = FFT_MODULE.instantiate({
      input: ['f64', size],
      spectrum: ['f64', size + 2],
      window: ['f64', windowTable.length],
      twiddles: ['f64', twiddleTable.length],
      untangle: ['f64', untangleTable.length],
      gather: ['i32', gather.length],
      magnitudes: ['f32', m + 1],
    });
    views.window.set(windowTable);
    views.twiddles.set(twiddleTable);
    views.untangle.set(untangleTable);
    views.gather.set(gather);
    this.input = views.input;
    this.spectrum = views.spectrum;
    this.magnitudeRow = views.magnitudes;
    this.run = () =>
      exports.transform(at.input, at.spectrum, m, firstLength, at.gather, at.window, at.twiddles, at.untangle);
    this.runMagnitudes = () => exports.magnitudes(at.spectrum, at.magnitudes, m + 1);
  }

  /**
   * Spectrum of the windowed `input[offset … offset + size)` into `out` (length ≥ size + 2): re, im interleaved,
   * bins 0…size/2.
   */
  transform(input: Float32Array | Float64Array, out: Float64Array, offset = 0): void {
    if (out.length < this.size + 2) throw new RangeError('output shorter than size + 2');
    out.set(this.transformToSpectrum(input, offset));
  }

  /** transform into `spectrum`, which it returns: for callers that read each spectrum once, without a copy. */
  transformToSpectrum(input: Float32Array | Float64Array, offset = 0): Float64Array {
    if (!(offset >= 0 && offset + this.size <= input.length)) throw new RangeError('frame outside the input');
    this.input.set(input.subarray(offset, offset + this.size));
    this.run();
    return this.spectrum;
  }

  /**
   * The magnitudes |X[k]| of the last transform's bins 0…size/2, as float32 (what a Float32Array stores of
   * Math.sqrt(re² + im²)): a view the next call overwrites.
   */
  magnitudes(): Float32Array {
    this.runMagnitudes();
    return this.magnitudeRow;
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

/**
 * Twiddles of the radix-4 passes of lengths firstPassLength, 4·firstPassLength, … M (complex values): for each k,
 * w^k, w^2k, w^3k as the vector pairs (wr, wr), (−wi, wi) that assembly/fft.ts multiplies a complex value by.
 */
function radix4Twiddles(m: number, firstPassLength: number): Float64Array {
  let count = 0;
  for (let length = firstPassLength; length <= m; length *= 4) count += (12 * length) / 4;
  const tw = new Float64Array(count);
  let t = 0;
  for (let length = firstPassLength; length <= m; length *= 4) {
    for (let k = 0; k < length / 4; k++) {
      for (let p = 1; p <= 3; p++, t += 4) {
        const angle = (-2 * Math.PI * p * k) / length;
        tw[t] = tw[t + 1] = Math.cos(angle);
        tw[t + 2] = -Math.sin(angle);
        tw[t + 3] = Math.sin(angle);
      }
    }
  }
  return tw;
}

/** cos and −sin of πk/M for k ≤ M/2, interleaved, for the untangle step. */
function untangleTwiddles(m: number): Float64Array {
  const tw = new Float64Array(m + 2);
  for (let k = 0; k <= m / 2; k++) {
    tw[2 * k] = Math.cos((Math.PI * k) / m);
    tw[2 * k + 1] = -Math.sin((Math.PI * k) / m);
  }
  return tw;
}
