/**
 * Short-time Fourier transform (magnitude) with fft.js. Frames are centred: frame f is centred on sample
 * f·hop (the signal is treated as zero outside its bounds), so frame time is simply f·hop / sampleRate.
 * All buffers are allocated once; the per-frame loop allocates nothing.
 */
import FFT from 'fft.js';
import { FFT_SIZE, HOP_SIZE } from './constants';
import type { Spectrogram } from './types';

export interface StftOptions {
  fftSize?: number;
  hop?: number;
  /**
   * Where the magnitudes go: a buffer of at least `bytes` bytes, e.g. a SharedArrayBuffer a helper thread can
   * read without a copy (feature-threads.ts). Every value is written, so a reused buffer is fine. Default: a new
   * ArrayBuffer.
   */
  storage?: (bytes: number) => ArrayBufferLike;
}

/** Periodic Hann window (the usual choice for overlap-add analysis). */
export function hannWindow(size: number): Float64Array {
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return w;
}

function checkFraming(fftSize: number, hop: number): void {
  if (!Number.isInteger(Math.log2(fftSize)) || fftSize < 4) throw new RangeError('fftSize must be a power of two ≥ 4');
  if (!(hop > 0)) throw new RangeError('hop must be positive');
}

/** Number of centred frames of `length` samples at `hop`. */
export function frameCount(length: number, hop: number): number {
  return length === 0 ? 0 : Math.floor(length / hop) + 1;
}

/**
 * Calls `visit(spectrum, f)` for each centred, Hann-windowed frame with its complex spectrum (fft.js layout:
 * re, im interleaved; bins 0…fftSize/2 are valid). `spectrum` is one buffer reused for every frame, so the
 * loop allocates nothing; callers that keep only part of the spectrum (fingerprints) need no full spectrogram.
 */
export function forEachStftFrame(
  samples: Float32Array,
  fftSize: number,
  hop: number,
  visit: (spectrum: Float64Array, f: number) => void,
): void {
  checkFraming(fftSize, hop);
  const frames = frameCount(samples.length, hop);
  const fft = new FFT(fftSize);
  const window = hannWindow(fftSize);
  const frame = new Float64Array(fftSize);
  const out = new Float64Array(2 * fftSize);
  const half = fftSize / 2;
  const n = samples.length;
  for (let f = 0; f < frames; f++) {
    const start = f * hop - half;
    // Only the frames at the edges reach outside the signal; the others copy without a bounds test.
    if (start >= 0 && start + fftSize <= n) {
      for (let i = 0; i < fftSize; i++) frame[i] = samples[start + i]! * window[i]!;
    } else {
      for (let i = 0; i < fftSize; i++) {
        const j = start + i;
        frame[i] = j >= 0 && j < n ? samples[j]! * window[i]! : 0;
      }
    }
    fft.realTransform(out, frame);
    visit(out, f);
  }
}

export function stft(samples: Float32Array, sampleRate: number, opts: StftOptions = {}): Spectrogram {
  const fftSize = opts.fftSize ?? FFT_SIZE;
  const hop = opts.hop ?? HOP_SIZE;
  checkFraming(fftSize, hop);
  const bins = fftSize / 2 + 1;
  const frames = frameCount(samples.length, hop);
  const bytes = frames * bins * Float32Array.BYTES_PER_ELEMENT;
  const data = new Float32Array(opts.storage ? opts.storage(bytes) : new ArrayBuffer(bytes), 0, frames * bins);
  forEachStftFrame(samples, fftSize, hop, (out, f) => {
    const row = f * bins;
    for (let k = 0; k < bins; k++) {
      const re = out[2 * k]!;
      const im = out[2 * k + 1]!;
      data[row + k] = Math.sqrt(re * re + im * im);
    }
  });
  return { data, frames, bins, sampleRate, fftSize, hop };
}

/** Frames per second of a spectrogram. */
export function frameRate(spec: Spectrogram): number {
  return spec.sampleRate / spec.hop;
}

/** Centre frequency (Hz) of bin k. */
export function binHz(spec: Spectrogram, k: number): number {
  return (k * spec.sampleRate) / spec.fftSize;
}
