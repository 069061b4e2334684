/**
 * Onset strength envelope: log-compressed spectral flux. Each frame's value is the summed positive
 * increase of log magnitude over the previous frame (Klapuri 1999; Böck & Widmer 2013 use the same
 * log(1 + γ|X|) compression). A moving-average trend is removed and the result half-wave rectified, so
 * the envelope peaks at note and drum onsets and is ~0 in steady passages.
 *
 * Alignment: a centred window starts to see an onset half a window before its time, and the log
 * compression makes that first glimpse count, so raw flux peaks about a quarter window early (measured on
 * click tracks: 12–36 ms early at 2048/512). The envelope is delayed by fftSize/4 so that its peaks, and
 * the beats tracked on it, line up with the onsets.
 */
import type { Spectrogram } from '../types';
import { ONSET_FLUX_WASM_BASE64 } from './onset-flux-wasm.generated';
import { WasmModule } from './wasm-module';

/** Trend-removal window (frames, ≈ 0.35 s at 43 fps): longer than an onset, shorter than a bar. */
const TREND_FRAMES = 15;

export function onsetStrength(spec: Spectrogram): Float32Array {
  const envelope = new OnsetEnvelope(spec.bins, onsetDelay(spec.fftSize, spec.hop), spec.frames);
  for (let f = 0; f < spec.frames; f++) envelope.add(spec.data, f);
  return envelope.finish(spec.frames);
}

/** Frames the envelope is delayed by (see the module comment). */
export function onsetDelay(fftSize: number, hop: number): number {
  return Math.round(fftSize / 4 / hop);
}

/**
 * onsetStrength frame by frame, for a spectrogram still being written (StreamingFeatureExtraction): while the audio
 * is being decoded, the logarithms (most of the envelope's cost) then run in the time the analysing thread would
 * otherwise wait for ffmpeg. `finish` returns the same envelope as onsetStrength of the finished spectrogram.
 */
export class OnsetEnvelope {
  /** The flux kernel, holding the previous frame's log magnitudes. */
  private readonly kernel: LogFlux;
  /** The flux of every frame added, delayed; frames whose flux lands beyond the end are dropped by `finish`. */
  private readonly flux: Float32Array;
  private next = 0;

  /** For frames of `bins` bins, at most `capacity` of them. */
  constructor(
    private readonly bins: number,
    private readonly delay: number,
    capacity: number,
  ) {
    this.kernel = new LogFlux(bins);
    this.flux = new Float32Array(capacity + delay);
  }

  /** Frames added so far. */
  get added(): number {
    return this.next;
  }

  /** Frame f, whose magnitudes are `data[f·bins …]`; frames come in order, each once. */
  add(data: Float32Array, f: number): void {
    if (f !== this.next) throw new RangeError(`onset envelope: frame ${f} added after ${this.next - 1}`);
    this.next++;
    const sum = this.kernel.positiveFlux(data, f * this.bins);
    // The first frame only fills the logs: there is no frame before it to rise from.
    if (f > 0) this.flux[f + this.delay] = sum;
  }

  /** The envelope of the `frames` frames added. */
  finish(frames: number): Float32Array {
    if (frames !== this.next) throw new RangeError(`onset envelope: ${this.next} frames added, not ${frames}`);
    return removeTrend(this.flux.subarray(0, frames), TREND_FRAMES);
  }
}

const ONSET_FLUX_MODULE = new WasmModule<{
  positiveFlux(row: number, logs: number, bins: number): number;
}>(ONSET_FLUX_WASM_BASE64);

/** Values a region holds past a row's end: the module's last vector may reach 3 past it. */
const VECTOR_SLACK = 3;

/**
 * One frame's summed increase of log(1 + 100·|X|) over the frame before, in WebAssembly (assembly/onset-flux.ts):
 * four bins per vector, with a float32 logarithm within 2 ulps of the true one, and a NaN step into or out of a bin
 * skipped. The logarithms are the envelope's cost: 1025 bins × 43 frames/s, 8 million for a 3-minute query; with
 * Math.log (fdlibm's, which a two-lane WebAssembly port did not beat) they took ≈ 80 ms, here ≈ 32, and most of
 * them run after the decode has ended (it leaves this thread little idle time), on the analysis's critical path.
 */
export class LogFlux {
  private readonly row: Float32Array;
  private readonly run: () => number;

  constructor(bins: number) {
    const { exports, views, at } = ONSET_FLUX_MODULE.instantiate({
      row: ['f32', bins + VECTOR_SLACK],
      logs: ['f32', bins + VECTOR_SLACK],
    });
    this.row = views.row.subarray(0, bins);
    this.run = () => exports.positiveFlux(at.row, at.logs, bins);
  }

  /** The flux of the row at `data[row …]` over the row before; its logs then replace that row's. */
  positiveFlux(data: Float32Array, row: number): number {
    this.row.set(data.subarray(row, row + this.row.length));
    return this.run();
  }
}

/** Subtract a centred moving average and half-wave rectify (running sum: O(n)). */
function removeTrend(x: Float32Array, width: number): Float32Array {
  const n = x.length;
  const out = new Float32Array(n);
  const half = Math.floor(width / 2);
  let sum = 0;
  let lo = 0;
  let hi = -1;
  for (let i = 0; i < n; i++) {
    const wantHi = Math.min(n - 1, i + half);
    const wantLo = Math.max(0, i - half);
    while (hi < wantHi) sum += x[++hi]!;
    while (lo < wantLo) sum -= x[lo++]!;
    const mean = sum / (hi - lo + 1);
    out[i] = Math.max(0, x[i]! - mean);
  }
  return out;
}
