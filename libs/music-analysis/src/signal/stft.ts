/**
 * Short-time Fourier transform (magnitude) with the real FFT of fft.ts. Frames are centred: frame f is centred on
 * sample f·hop (the signal is treated as zero outside its bounds), so frame time is simply f·hop / sampleRate.
 * All buffers are allocated once; the per-frame loop allocates nothing.
 */
import { FFT_SIZE, HOP_SIZE } from '../constants';
import { RealFft } from './fft';
import type { Spectrogram } from '../types';

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
 * Calls `visit(magnitudes, f)` for each centred, Hann-windowed frame with its magnitude spectrum, bins 0…fftSize/2
 * (RealFft.magnitudes). `magnitudes` is one buffer reused for every frame, so the loop allocates nothing; callers
 * that keep only part of the spectrum (fingerprints) need no full spectrogram.
 */
export function forEachStftFrame(
  samples: Float32Array,
  fftSize: number,
  hop: number,
  visit: (magnitudes: Float32Array, f: number) => void,
): void {
  new StftFramer(fftSize, hop, visit).finish(samples);
}

/**
 * The frames of forEachStftFrame for samples that may still be arriving (a decode in progress): `advance` visits
 * the frames that lie wholly within the samples so far, `finish` the rest once the signal is complete (the last
 * frames reach past its end). Each frame is visited once, in order, with the same magnitudes as in one pass.
 */
export class StftFramer {
  private readonly fft: RealFft;
  private readonly edgeFrame: Float32Array;
  private next = 0;

  constructor(
    private readonly fftSize: number,
    private readonly hop: number,
    private readonly visit: (magnitudes: Float32Array, f: number) => void,
  ) {
    checkFraming(fftSize, hop);
    // The FFT applies the window as it reads the frame, so inner frames are read straight from the samples.
    this.fft = new RealFft(fftSize, hannWindow(fftSize));
    this.edgeFrame = new Float32Array(fftSize);
  }

  /** Frames visited so far. */
  get visited(): number {
    return this.next;
  }

  /** Samples the next frame needs before `advance` can visit it. */
  get samplesForNextFrame(): number {
    return this.next * this.hop + this.fftSize / 2;
  }

  /** Visits the frames not yet visited that `samples` (the signal's beginning) covers. */
  advance(samples: Float32Array): void {
    while (this.samplesForNextFrame <= samples.length) this.frame(samples, this.next++);
  }

  /** Visits the remaining frames of the complete signal; its frame count. */
  finish(samples: Float32Array): number {
    const frames = frameCount(samples.length, this.hop);
    while (this.next < frames) this.frame(samples, this.next++);
    return frames;
  }

  private frame(samples: Float32Array, f: number): void {
    const { fftSize, fft, edgeFrame } = this;
    const start = f * this.hop - fftSize / 2;
    const n = samples.length;
    // Only the frames at the edges reach outside the signal; they go through a zero-padded copy.
    if (start >= 0 && start + fftSize <= n) {
      fft.transformToSpectrum(samples, start);
    } else {
      for (let i = 0; i < fftSize; i++) {
        const j = start + i;
        edgeFrame[i] = j >= 0 && j < n ? samples[j]! : 0;
      }
      fft.transformToSpectrum(edgeFrame);
    }
    this.visit(fft.magnitudes(), f);
  }
}

export function stft(samples: Float32Array, sampleRate: number, opts: StftOptions = {}): Spectrogram {
  return new IncrementalStft(sampleRate, samples.length, opts).finish(samples);
}

/**
 * stft of samples that may still be arriving (see StftFramer), for a signal of at most `capacity` samples: the
 * magnitudes are written as the frames are visited, and `finish` returns the same spectrogram as stft().
 */
export class IncrementalStft {
  private readonly framer: StftFramer;
  private readonly data: Float32Array;
  private readonly fftSize: number;
  private readonly hop: number;

  constructor(
    private readonly sampleRate: number,
    private readonly capacity: number,
    opts: StftOptions = {},
  ) {
    this.fftSize = opts.fftSize ?? FFT_SIZE;
    this.hop = opts.hop ?? HOP_SIZE;
    checkFraming(this.fftSize, this.hop);
    const bins = this.fftSize / 2 + 1;
    const length = frameCount(capacity, this.hop) * bins;
    const bytes = length * Float32Array.BYTES_PER_ELEMENT;
    const data = new Float32Array(opts.storage ? opts.storage(bytes) : new ArrayBuffer(bytes), 0, length);
    this.data = data;
    this.framer = new StftFramer(this.fftSize, this.hop, (magnitudes, f) => data.set(magnitudes, f * bins));
  }

  advance(samples: Float32Array): void {
    this.checkCapacity(samples);
    this.framer.advance(samples);
  }

  /** The magnitudes written so far: frames 0 … frames − 1 of `data` are final. */
  get written(): { data: Float32Array; frames: number } {
    return { data: this.data, frames: this.framer.visited };
  }

  finish(samples: Float32Array): Spectrogram {
    this.checkCapacity(samples);
    const frames = this.framer.finish(samples);
    const { fftSize, hop, sampleRate } = this;
    const bins = fftSize / 2 + 1;
    return { data: this.data.subarray(0, frames * bins), frames, bins, sampleRate, fftSize, hop };
  }

  private checkCapacity(samples: Float32Array): void {
    if (samples.length > this.capacity) throw new RangeError(`more than the ${this.capacity} samples planned for`);
  }
}

/** Frames per second of a spectrogram. */
export function frameRate(spec: Spectrogram): number {
  return spec.sampleRate / spec.hop;
}

/** Centre frequency (Hz) of bin k. */
export function binHz(spec: Spectrogram, k: number): number {
  return (k * spec.sampleRate) / spec.fftSize;
}
