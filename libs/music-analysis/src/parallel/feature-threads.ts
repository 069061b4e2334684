/**
 * A helper thread for analysis. Fingerprints need only the PCM (they run their own STFT), the frame chroma and
 * the vocal share only the spectrogram, and together they take about half of the extraction's CPU time, so
 * extractFeaturesAsync hands them to this thread while the calling thread does the rest (STFT, onsets, tempo,
 * beats, beat-level harmony, melody). The PCM and the spectrogram go over in SharedArrayBuffers (no copy of the
 * spectrogram; one copy of the PCM, none when the decode writes it there: streamedFingerprints), results come back
 * as transferred buffers. CatalogueIndex.matchAsync shares the full comparisons with it the same way
 * (compareOnTwoThreads).
 *
 * One thread per process, started on first use and kept for later analyses (starting it and compiling its
 * modules takes ≈ 0.3–0.5 s). It holds the process open only while it has work. */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { compareTracks } from '../matching/compare';
import type { SharedPcmStream } from './pcm-stream';
import { PriorArtModel, type PriorArtJson } from '../matching/prior-art';
import type { Fingerprints, PcmAudio, Spectrogram, TrackComparison, TrackFeatures } from '../types';

/** Full comparisons of a query with candidates, claimed one at a time from a shared counter (see compareShared). */
export interface CompareJob {
  query: TrackFeatures;
  refs: TrackFeatures[];
  priorArt: PriorArtJson;
  /** Int32Array on a SharedArrayBuffer: [0] = next candidate to claim. */
  next: Int32Array;
}

/** The comparisons one thread made: candidate number and result. */
export type Compared = [number, TrackComparison][];

type HelperValue = Fingerprints | number | Float32Array | Compared;

export type HelperRequest =
  | { id: number; kind: 'fingerprints'; audio: PcmAudio }
  | { id: number; kind: 'streamed-fingerprints'; stream: SharedPcmStream }
  | { id: number; kind: 'chroma'; spec: Spectrogram }
  | { id: number; kind: 'vocals'; spec: Spectrogram }
  | ({ id: number; kind: 'compare' } & CompareJob);

export type HelperReply =
  { id: number; ok: true; value: HelperValue } | { id: number; ok: false; error: { name: string; message: string } };

const ENTRY = join(__dirname, 'feature-thread.js');

/**
 * Young-generation cap of the helper thread's V8 heap (MB). Its garbage is short-lived (comparison scratch, the
 * structured clone of a compare job), and V8's default young generation let it grow the process's RSS by
 * ≈ 40 MB during matching. Measured on the bench's 3-minute MP3 against the 210-track demo catalogue (peak RSS,
 * cold + warm analysis): default 397 MB, 16 MB → 388 MB, 8 MB → 368 MB. Only collection frequency changes, never results.
 */
const HELPER_YOUNG_GENERATION_MB = 8;

interface Pending {
  resolve: (value: HelperValue) => void;
  reject: (error: Error) => void;
}

export class FeatureHelper {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failed = false;

  constructor() {
    // No inherited execArgv: a `-r @swc-node/register` preload would load the loader feature-thread.js avoids.
    this.worker = new Worker(ENTRY, {
      execArgv: [],
      resourceLimits: { maxYoungGenerationSizeMb: HELPER_YOUNG_GENERATION_MB },
    });
    this.worker.unref();
    this.worker.on('message', (reply: HelperReply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`feature helper thread exited with code ${code}`)));
  }

  /** Whether the thread is usable (it has not crashed or exited). */
  get alive(): boolean {
    return !this.failed;
  }

  /** Landmark fingerprints of the audio (extractFingerprints), computed on the helper thread. */
  fingerprints(audio: PcmAudio): Promise<Fingerprints> {
    const buffer = sharedBuffers.acquire(audio.samples.byteLength);
    const samples = new Float32Array(buffer, 0, audio.samples.length);
    samples.set(audio.samples);
    const shared: PcmAudio = { ...audio, samples };
    const done = this.request((id) => ({ id, kind: 'fingerprints', audio: shared })) as Promise<Fingerprints>;
    // Back to the pool once the helper is done with it; after a failure it is left to the garbage collector.
    return done.then((fingerprints) => {
      sharedBuffers.release(buffer);
      return fingerprints;
    });
  }

  /**
   * Landmark fingerprints of audio still being decoded (analyseFile): the helper transforms each frame as soon as
   * its samples are published, so most of the work is done by the time the decode ends.
   */
  streamedFingerprints(stream: SharedPcmStream): Promise<Fingerprints> {
    return this.request((id) => ({ id, kind: 'streamed-fingerprints', stream })) as Promise<Fingerprints>;
  }

  /** Vocal share (estimateVocalShare) of a spectrogram whose data lies in a SharedArrayBuffer (stft's `storage`). */
  vocalShare(spec: Spectrogram): Promise<number> {
    assertShared(spec);
    return this.request((id) => ({ id, kind: 'vocals', spec })) as Promise<number>;
  }

  /** Frame chroma (tunedChromagram) of a spectrogram whose data lies in a SharedArrayBuffer. */
  chroma(spec: Spectrogram): Promise<Float32Array> {
    assertShared(spec);
    return this.request((id) => ({ id, kind: 'chroma', spec })) as Promise<Float32Array>;
  }

  terminate(): Promise<number> {
    this.failed = true;
    return this.worker.terminate();
  }

  /** The helper's share of the comparisons of a job (compareShared). */
  compare(job: CompareJob): Promise<Compared> {
    return this.request((id) => ({ id, kind: 'compare', ...job })) as Promise<Compared>;
  }

  private request(make: (id: number) => HelperRequest): Promise<HelperValue> {
    if (this.failed) return Promise.reject(new Error('feature helper thread is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // Referenced while it has work, so a caller awaiting only this result is not left without an event loop.
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(make(id));
    });
  }

  private settle(reply: HelperReply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) job.resolve(reply.value);
    else job.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
  }

  private fail(error: Error): void {
    this.failed = true;
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }
}

/**
 * SharedArrayBuffers for the PCM and the spectrogram, reused from one analysis to the next. A shared buffer is
 * freed only when every thread that saw it has collected its reference, and the helper thread, idle between
 * analyses, collects late: measured, fresh buffers for each analysis kept ≈ 50 MB more alive per analysis
 * of a 3-minute track. A buffer is lent to one analysis at a time (concurrent analyses get their own).
 */
class SharedBufferPool {
  private readonly free: SharedArrayBuffer[] = [];

  /** The smallest free buffer of at least `bytes` bytes and at most twice that, else a new one. */
  acquire(bytes: number): SharedArrayBuffer {
    let at = -1;
    this.free.forEach((b, i) => {
      if (b.byteLength >= bytes && b.byteLength <= 2 * bytes && (at < 0 || b.byteLength < this.free[at]!.byteLength))
        at = i;
    });
    if (at >= 0) return this.free.splice(at, 1)[0]!;
    return new SharedArrayBuffer(bytes);
  }

  release(buffer: SharedArrayBuffer): void {
    this.free.push(buffer);
    if (this.free.length > MAX_POOLED_BUFFERS) this.free.shift();
  }
}

/** One PCM buffer and one spectrogram buffer: what one analysis at a time uses. */
const MAX_POOLED_BUFFERS = 2;

export const sharedBuffers = new SharedBufferPool();

function assertShared(spec: Spectrogram): void {
  if (!(spec.data.buffer instanceof SharedArrayBuffer)) throw new TypeError('the spectrogram must be shared');
}

let shared: FeatureHelper | undefined;

/** The process's helper thread, (re)started when there is none or it died. */
export function featureHelper(): FeatureHelper {
  if (!shared?.alive) shared = new FeatureHelper();
  return shared;
}

/**
 * Claims candidates from the job's shared counter until none is left and compares each: the calling thread and
 * the helper thread run this on the same job, so the work splits itself whatever each comparison costs.
 */
export function compareShared(
  job: CompareJob,
  priorArt: PriorArtModel = PriorArtModel.fromJSON(job.priorArt),
): Compared {
  const done: Compared = [];
  for (let i = Atomics.add(job.next, 0, 1); i < job.refs.length; i = Atomics.add(job.next, 0, 1))
    done.push([i, compareTracks(job.query, job.refs[i]!, priorArt)]);
  return done;
}

/**
 * compareTracks of the query with each reference, in order, on this thread and the helper thread together.
 * The results are the same as one thread's (compareTracks is a pure function of its inputs, which the helper
 * receives as exact structured clones).
 */
export async function compareOnTwoThreads(
  query: TrackFeatures,
  refs: TrackFeatures[],
  priorArt: PriorArtModel,
): Promise<TrackComparison[]> {
  const out = new Array<TrackComparison>(refs.length);
  if (refs.length === 0) return out;
  const job: CompareJob = { query, refs, priorArt: priorArt.toJSON(), next: new Int32Array(new SharedArrayBuffer(4)) };
  const helperDone = featureHelper().compare(job);
  helperDone.catch(() => undefined);
  for (const [i, comparison] of compareShared(job, priorArt)) out[i] = comparison;
  for (const [i, comparison] of await helperDone) out[i] = comparison;
  return out;
}
