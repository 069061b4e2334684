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
}

/** Periodic Hann window (the usual choice for overlap-add analysis). */
export function hannWindow(size: number): Float64Array {
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return w;
}

export function stft(samples: Float32Array, sampleRate: number, opts: StftOptions = {}): Spectrogram {
  const fftSize = opts.fftSize ?? FFT_SIZE;
  const hop = opts.hop ?? HOP_SIZE;
  if (!Number.isInteger(Math.log2(fftSize)) || fftSize < 4) throw new RangeError('fftSize must be a power of two ≥ 4');
  if (!(hop > 0)) throw new RangeError('hop must be positive');
  const bins = fftSize / 2 + 1;
  const frames = samples.length === 0 ? 0 : Math.floor(samples.length / hop) + 1;
  const data = new Float32Array(frames * bins);
  const fft = new FFT(fftSize);
  const window = hannWindow(fftSize);
  const frame = new Float64Array(fftSize);
  const out = new Float64Array(2 * fftSize);
  const half = fftSize / 2;

  for (let f = 0; f < frames; f++) {
    const start = f * hop - half;
    for (let i = 0; i < fftSize; i++) {
      const j = start + i;
      frame[i] = j >= 0 && j < samples.length ? samples[j]! * window[i]! : 0;
    }
    fft.realTransform(out, frame);
    const row = f * bins;
    for (let k = 0; k < bins; k++) {
      const re = out[2 * k]!;
      const im = out[2 * k + 1]!;
      data[row + k] = Math.sqrt(re * re + im * im);
    }
  }
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
