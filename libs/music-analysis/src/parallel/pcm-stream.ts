/**
 * Decoded samples shared with the helper thread while ffmpeg is still decoding (analyse.ts), so that the
 * fingerprints' STFT runs beside the decode instead of after it. The decoding thread appends samples to a
 * SharedArrayBuffer and publishes how many are final; a reader on another thread blocks (Atomics.wait) until the
 * samples it needs are there. Only worker threads read this way: blocking the main thread would stall the decode.
 */
import type { StftFrameSource } from '../signal/landmarks';
import { StftFramer } from '../signal/stft';

/** Samples that may still be arriving: the first `progress[AVAILABLE]` samples of `buffer` are final. */
export interface SharedPcmStream {
  buffer: SharedArrayBuffer;
  sampleRate: number;
  /** Int32Array on a SharedArrayBuffer: [AVAILABLE, STATE, CHANGES]. */
  progress: Int32Array;
}

const AVAILABLE = 0;
const STATE = 1;
/** Bumped after every change, and what a reader waits on, so that no change can slip between its check and its wait. */
const CHANGES = 2;

/** progress[STATE]: 0 while decoding (the initial value of a new Int32Array). */
const DECODING = 0;
const ENDED = 1;
const FAILED = 2;

/** The decoding side: publishes samples as they become final, then the end (or the failure) of the decode. */
export class PcmStreamWriter {
  readonly stream: SharedPcmStream;

  constructor(buffer: SharedArrayBuffer, sampleRate: number) {
    this.stream = { buffer, sampleRate, progress: new Int32Array(new SharedArrayBuffer(3 * 4)) };
  }

  /** The first `count` samples of the buffer are final. */
  publish(count: number): void {
    this.change(() => Atomics.store(this.stream.progress, AVAILABLE, count));
  }

  /** The decode is complete with `count` samples (unless it was reported failed: that stands). */
  end(count: number): void {
    this.change(() => {
      Atomics.store(this.stream.progress, AVAILABLE, count);
      Atomics.compareExchange(this.stream.progress, STATE, DECODING, ENDED);
    });
  }

  /** The decode failed: readers stop with an error. */
  fail(): void {
    this.change(() => Atomics.store(this.stream.progress, STATE, FAILED));
  }

  private change(apply: () => void): void {
    apply();
    Atomics.add(this.stream.progress, CHANGES, 1);
    Atomics.notify(this.stream.progress, CHANGES);
  }
}

/** Thrown to a reader when the decode it was reading failed (the decoding side reports the actual error). */
export class PcmStreamFailedError extends Error {
  override readonly name = 'PcmStreamFailedError';
}

/**
 * Blocks until at least `needed` samples are final or the decode has ended: the samples so far, and whether they
 * are all there will be. Throws PcmStreamFailedError when the decode failed.
 */
export function awaitSamples(stream: SharedPcmStream, needed: number): { samples: Float32Array; ended: boolean } {
  const { progress } = stream;
  for (;;) {
    const changes = Atomics.load(progress, CHANGES);
    const state = Atomics.load(progress, STATE);
    const available = Atomics.load(progress, AVAILABLE);
    if (state === FAILED) throw new PcmStreamFailedError('the decode this analysis was reading failed');
    if (state === ENDED || available >= needed)
      return { samples: new Float32Array(stream.buffer, 0, available), ended: state === ENDED };
    Atomics.wait(progress, CHANGES, changes);
  }
}

/** The STFT frames of a stream (forEachStftFrame's), each transformed as soon as its samples are final. */
export function streamedStftFrames(stream: SharedPcmStream, fftSize: number, hop: number): StftFrameSource {
  return (visit) => {
    const framer = new StftFramer(fftSize, hop, visit);
    for (;;) {
      const { samples, ended } = awaitSamples(stream, framer.samplesForNextFrame);
      if (ended) return void framer.finish(samples);
      framer.advance(samples);
    }
  };
}
