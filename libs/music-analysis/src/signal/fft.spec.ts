import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { RealFft } from './fft';

/** Direct O(N²) DFT of a real signal, bins 0…N/2, re, im interleaved. */
function directDft(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n + 2);
  for (let k = 0; k <= n / 2; k++) {
    let re = 0;
    let im = 0;
    for (let t = 0; t < n; t++) {
      // Reducing k·t mod n keeps the angle small, so the reference itself stays accurate.
      const angle = (-2 * Math.PI * ((k * t) % n)) / n;
      re += x[t]! * Math.cos(angle);
      im += x[t]! * Math.sin(angle);
    }
    out[2 * k] = re;
    out[2 * k + 1] = im;
  }
  return out;
}

/** Deterministic pseudo-random samples in [−1, 1). */
function noise(n: number, seed: number): Float64Array {
  let s = seed;
  return Float64Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (2 * s) / 2147483648 - 1;
  });
}

function spectrum(x: Float64Array, window?: Float64Array): Float64Array {
  const out = new Float64Array(x.length + 2);
  new RealFft(x.length, window).transform(x, out);
  return out;
}

const SIZES = [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048];

describe('RealFft', () => {
  it.each(SIZES)('matches a direct DFT at size %i', (n) => {
    const x = noise(n, n);
    const got = spectrum(x);
    const want = directDft(x);
    const energy = Math.sqrt(x.reduce((sum, v) => sum + v * v, 0));
    let maxError = 0;
    for (let i = 0; i < n + 2; i++) maxError = Math.max(maxError, Math.abs(got[i]! - want[i]!));
    expect(maxError / energy).toBeLessThanOrEqual(1e-9);
  });

  it('puts a pure cosine in its bin and nowhere else', () => {
    const n = 1024;
    const bin = 37;
    const x = Float64Array.from({ length: n }, (_, t) => Math.cos((2 * Math.PI * bin * t) / n));
    const out = spectrum(x);
    for (let k = 0; k <= n / 2; k++) {
      expect(out[2 * k]!).toBeCloseTo(k === bin ? n / 2 : 0, 8);
      expect(out[2 * k + 1]!).toBeCloseTo(0, 8);
    }
  });

  it('gives real DC and Nyquist bins: the sum and the alternating sum', () => {
    for (const n of [4, 8, 2048]) {
      const x = noise(n, 7);
      const out = spectrum(x);
      const sum = x.reduce((s, v) => s + v, 0);
      const alternating = x.reduce((s, v, t) => s + (t % 2 === 0 ? v : -v), 0);
      expect(out[0]!).toBeCloseTo(sum, 10);
      expect(out[1]).toBe(0);
      expect(out[n]!).toBeCloseTo(alternating, 10);
      expect(out[n + 1]).toBe(0);
    }
  });

  it('has the symmetry of a real input: reversing time conjugates the spectrum', () => {
    const n = 512;
    const x = noise(n, 3);
    const reversed = Float64Array.from({ length: n }, (_, t) => x[(n - t) % n]!);
    const a = spectrum(x);
    const b = spectrum(reversed);
    for (let k = 0; k <= n / 2; k++) {
      expect(b[2 * k]!).toBeCloseTo(a[2 * k]!, 9);
      expect(b[2 * k + 1]!).toBeCloseTo(-a[2 * k + 1]!, 9);
    }
  });

  it('applies the window and reads a frame at an offset of a Float32Array', () => {
    const n = 256;
    const signal = Float32Array.from(noise(3 * n, 11));
    const window = noise(n, 5);
    const offset = 100;
    const framed = Float64Array.from({ length: n }, (_, t) => signal[offset + t]! * window[t]!);
    const out = new Float64Array(n + 2);
    new RealFft(n, window).transform(signal, out, offset);
    const want = directDft(framed);
    for (let i = 0; i < n + 2; i++) expect(out[i]!).toBeCloseTo(want[i]!, 9);
  });

  it('rejects bad sizes, windows, frames and outputs', () => {
    expect(() => new RealFft(2)).toThrow(RangeError);
    expect(() => new RealFft(1000)).toThrow(RangeError);
    expect(() => new RealFft(16, new Float64Array(8))).toThrow(RangeError);
    const fft = new RealFft(16);
    expect(() => fft.transform(new Float64Array(16), new Float64Array(16))).toThrow(RangeError);
    expect(() => fft.transform(new Float64Array(16), new Float64Array(18), 1)).toThrow(RangeError);
  });

  it('gives the same spectrum in place as copied, and keeps transforms of several sizes apart', () => {
    const signal = noise(4096, 17);
    const small = new RealFft(512);
    const large = new RealFft(2048);
    const copied = new Float64Array(514);
    small.transform(signal, copied, 7);
    const inPlace = small.transformToSpectrum(signal, 7);
    large.transformToSpectrum(signal, 9); // its own memory: small's spectrum is untouched
    expect(Array.from(inPlace)).toEqual(Array.from(copied));
    expect(inPlace).toBe(small.spectrum);
  });

  it('gives the magnitudes a Float32Array holds of Math.sqrt(re² + im²), bit for bit', () => {
    for (const n of [4, 16, 2048]) {
      const fft = new RealFft(n);
      const spectrum = fft.transformToSpectrum(noise(n, n));
      const want = new Float32Array(n / 2 + 1);
      for (let k = 0; k <= n / 2; k++) want[k] = Math.sqrt(spectrum[2 * k]! ** 2 + spectrum[2 * k + 1]! ** 2);
      expect(Array.from(fft.magnitudes())).toEqual(Array.from(want));
    }
  });

  it('runs the module its AssemblyScript source compiles to (npm run build:wasm is not stale)', () => {
    const root = join(__dirname, '../../../..');
    expect(() =>
      execFileSync(process.execPath, ['tools/build/wasm.mjs', '--check'], { cwd: root, stdio: 'pipe' }),
    ).not.toThrow();
  });
});
