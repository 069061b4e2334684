/**
 * A helper thread for analysis. Fingerprints need only the PCM (they run their own STFT), so extractFeaturesAsync
 * hands them to this thread while the calling thread does the STFT, onsets, tempo, beats and beat-level harmony.
 * The frame chroma, the vocal share and the melody need only the spectrogram: either thread computes each,
 * whichever claims it first (SharedSpectrogramTasks), so the work splits itself however the two threads' loads
 * fall. The PCM and the spectrogram go over in SharedArrayBuffers (no copy of the spectrogram; one copy of the PCM,
 * none when the decode writes it there: streamedFingerprints), results come back as transferred buffers.
 * CatalogueIndex.matchAsync shares the full comparisons with it the same way (compareOnTwoThreads).
 *
 * One thread per process, started on first use and kept for later analyses (starting it and compiling its
 * modules takes ≈ 0.3–0.5 s). It holds the process open only while it has work. */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { compareTracks, type IndexedTransforms } from '../matching/compare';
import { adoptLandmarkTables, landmarkTables, type LandmarkTables } from '../matching/landmark-match';
import { tunedChromagram } from '../signal/chroma';
import { extractMelody } from '../signal/melody';
import { modulatedPartialFrames, predominantPitch, type PitchTrack } from '../signal/vocals';
import type { SharedPcmStream } from './pcm-stream';
import { PriorArtModel, type PriorArtJson } from '../matching/prior-art';
import { fitNullModel, type NullModelJson } from '../matching/null-model';
import type { Fingerprints, MelodyNote, PcmAudio, Spectrogram, TrackComparison, TrackFeatures } from '../types';

/** Full comparisons of a query with candidates, claimed one at a time from a shared counter (see compareShared). */
export interface CompareJob {
  query: TrackFeatures;
  refs: TrackFeatures[];
  /** The query's and the references' landmark tables, built by the calling thread (the helper adopts them). */
  landmarks: LandmarkTables;
  priorArt: PriorArtJson;
  /** Per reference, the transforms the fingerprint index found it under (CatalogueCandidate's pitchedShift, stretchedSpeed). */
  indexed: IndexedTransforms[];
  /** Int32Array on a SharedArrayBuffer: [0] = next candidate to claim. */
  next: Int32Array;
}

/** The comparisons one thread made: candidate number and result. */
export type Compared = [number, TrackComparison][];

/** A catalogue's null model to fit: fitNullModel's arguments (the tracks without fingerprints: fitNullModelOnHelper). */
export interface NullModelJob {
  tracks: TrackFeatures[];
  priorArt: PriorArtJson;
  seed: string;
}

type HelperValue = Fingerprints | SpectrogramTaskValues[SpectrogramTask] | Compared | NullModelJson | null;

/**
 * The features computed from the spectrogram alone, which either thread may compute: each is claimed once from a
 * shared array (TaskClaims, SharedSpectrogramTasks), by the helper when it gets to the request, or by the calling
 * thread when that is free first. The value is the task's slot in the array. The vocal share is two tasks, its two
 * cues (vocals.ts vocalShareOf): whole (≈ 100 ms on the bench's query, next to the melody's ≈ 130 ms), the thread
 * that finished its other work first waited for the other to compute all of it.
 */
export const SPECTROGRAM_TASK = { chroma: 0, pitch: 1, partials: 2, melody: 3 } as const;
export type SpectrogramTask = keyof typeof SPECTROGRAM_TASK;

/** Int32Array on a SharedArrayBuffer, one slot per SPECTROGRAM_TASK: 0 while unclaimed, 1 once claimed. */
export type TaskClaims = Int32Array;

export function newTaskClaims(): TaskClaims {
  return new Int32Array(new SharedArrayBuffer(Object.keys(SPECTROGRAM_TASK).length * 4));
}

/** Claims a task for the calling thread: true when no thread had claimed it. */
export function claimTask(claims: TaskClaims, task: SpectrogramTask): boolean {
  return Atomics.compareExchange(claims, SPECTROGRAM_TASK[task], 0, 1) === 0;
}

export type HelperRequest =
  | { id: number; kind: 'fingerprints'; audio: PcmAudio }
  | { id: number; kind: 'streamed-fingerprints'; stream: SharedPcmStream }
  | { id: number; kind: SpectrogramTask; spec: Spectrogram; claims: TaskClaims }
  | ({ id: number; kind: 'compare' } & CompareJob)
  | ({ id: number; kind: 'null-model' } & NullModelJob);

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

  /**
   * A spectrogram task (frame chroma: tunedChromagram, the vocal share's cues: predominantPitch and
   * modulatedPartialFrames, melody: extractMelody) of a
   * spectrogram whose data lies in a SharedArrayBuffer (stft's `storage`), computed by the helper if it claims the
   * task first; null when the calling thread claimed it first (and computes it itself).
   */
  spectrogramTask<T extends SpectrogramTask>(
    kind: T,
    spec: Spectrogram,
    claims: TaskClaims,
  ): Promise<SpectrogramTaskValue<T> | null> {
    assertShared(spec);
    return this.request((id) => ({ id, kind, spec, claims })) as Promise<SpectrogramTaskValue<T> | null>;
  }

  terminate(): Promise<number> {
    this.failed = true;
    return this.worker.terminate();
  }

  /** The helper's share of the comparisons of a job (compareOnHelper). */
  compare(job: CompareJob): Promise<Compared> {
    return this.request((id) => ({ id, kind: 'compare', ...job })) as Promise<Compared>;
  }

  /** fitNullModel of the job, on the helper thread. */
  nullModel(job: NullModelJob): Promise<NullModelJson> {
    return this.request((id) => ({ id, kind: 'null-model', ...job })) as Promise<NullModelJson>;
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

/** What each spectrogram task yields. */
export interface SpectrogramTaskValues {
  chroma: Float32Array;
  pitch: PitchTrack;
  partials: Uint8Array;
  melody: MelodyNote[];
}
export type SpectrogramTaskValue<T extends SpectrogramTask> = SpectrogramTaskValues[T];

/** Computes a spectrogram task on the calling thread. */
export function computeSpectrogramTask<T extends SpectrogramTask>(task: T, spec: Spectrogram): SpectrogramTaskValue<T> {
  const compute: { [K in SpectrogramTask]: (spec: Spectrogram) => SpectrogramTaskValues[K] } = {
    chroma: tunedChromagram,
    pitch: predominantPitch,
    partials: modulatedPartialFrames,
    melody: (s) => extractMelody(s),
  };
  return compute[task](spec);
}

/** The buffers of a spectrogram task's value, which the helper transfers instead of copying. */
export function spectrogramTaskBuffers(value: SpectrogramTaskValues[SpectrogramTask]): ArrayBuffer[] {
  if (value instanceof Float32Array || value instanceof Uint8Array) return [value.buffer as ArrayBuffer];
  if (Array.isArray(value)) return [];
  return [value.cents, value.harmonicity, value.formantShare, value.power].map((a) => a.buffer as ArrayBuffer);
}

/**
 * The spectrogram tasks of one analysis, shared between the calling thread and the helper: the helper is asked
 * for each (in `helperOrder`) and computes those it claims when it gets to them (after the fingerprints it may
 * still be busy with); the calling thread `runIfFree`s each before it needs its `result`. So neither thread waits
 * while the other has a task it has not started, however the two threads' loads happen to fall. The results do not
 * depend on which thread computed what (the tasks are pure functions of the spectrogram).
 */
export class SharedSpectrogramTasks {
  private readonly claims = newTaskClaims();
  private readonly fromHelper = new Map<SpectrogramTask, Promise<SpectrogramTaskValue<SpectrogramTask> | null>>();
  private readonly own = new Map<SpectrogramTask, SpectrogramTaskValue<SpectrogramTask>>();

  constructor(
    private readonly spec: Spectrogram,
    helper: FeatureHelper,
    helperOrder: SpectrogramTask[],
  ) {
    for (const task of helperOrder) {
      const done = helper.spectrogramTask(task, spec, this.claims);
      // Awaited in result() unless this thread computed the task; the no-op handler keeps an error from being
      // reported as unhandled meanwhile.
      done.catch(() => undefined);
      this.fromHelper.set(task, done);
    }
  }

  /** Computes the task on this thread unless the helper has claimed it. */
  runIfFree(task: SpectrogramTask): void {
    if (claimTask(this.claims, task)) this.own.set(task, computeSpectrogramTask(task, this.spec));
  }

  /** The task's value, from whichever thread computed it (call runIfFree first, or the helper must claim it). */
  async result<T extends SpectrogramTask>(task: T): Promise<SpectrogramTaskValue<T>> {
    const own = this.own.get(task);
    if (own !== undefined) return own as SpectrogramTaskValue<T>;
    const value = await this.fromHelper.get(task);
    if (value === null || value === undefined) throw new Error(`spectrogram task ${task} was claimed but not computed`);
    return value as SpectrogramTaskValue<T>;
  }
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
export function compareShared(job: CompareJob, priorArt: PriorArtModel): Compared {
  const done: Compared = [];
  for (let i = Atomics.add(job.next, 0, 1); i < job.refs.length; i = Atomics.add(job.next, 0, 1))
    done.push([i, compareTracks(job.query, job.refs[i]!, priorArt, job.indexed[i])]);
  return done;
}

/** The helper's side of a compare job: its copies of the landmarks take the calling thread's tables. */
export function compareOnHelper(job: CompareJob): Compared {
  adoptLandmarkTables(
    job.query.fingerprints,
    job.refs.map((ref) => ref.fingerprints),
    job.landmarks,
  );
  return compareShared(job, PriorArtModel.fromJSON(job.priorArt));
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
  indexed: IndexedTransforms[] = [],
): Promise<TrackComparison[]> {
  const out = new Array<TrackComparison>(refs.length);
  if (refs.length === 0) return out;
  const job: CompareJob = {
    query,
    refs,
    landmarks: landmarkTables(
      query.fingerprints,
      refs.map((ref) => ref.fingerprints),
    ),
    priorArt: priorArt.toJSON(),
    indexed,
    next: new Int32Array(new SharedArrayBuffer(4)),
  };
  const helperDone = featureHelper().compare(job);
  helperDone.catch(() => undefined);
  for (const [i, comparison] of compareShared(job, priorArt)) out[i] = comparison;
  for (const [i, comparison] of await helperDone) out[i] = comparison;
  return out;
}

/** No landmarks: what the null model's tracks carry instead of their fingerprints (see fitNullModelOnHelper). */
const NO_FINGERPRINTS: Fingerprints = { hashes: new Uint32Array(0), times: new Uint32Array(0), frameSec: 0 };

/**
 * fitNullModel(tracks, priorArt, seed) computed on the helper thread, so that the seconds a fit of a large catalogue
 * takes (hundreds of pair comparisons) leave this thread's event loop free. The fit compares melodies, harmony, chords
 * and rhythm, never the landmarks, so the tracks go over without their fingerprints (most of a track's bytes); the
 * model is the same as this thread's fit (a test compares them).
 */
export async function fitNullModelOnHelper(
  tracks: readonly TrackFeatures[],
  priorArt: PriorArtModel,
  seed: string,
): Promise<NullModelJson> {
  const light = tracks.map((track) => ({ ...track, fingerprints: NO_FINGERPRINTS }));
  return featureHelper().nullModel({ tracks: light, priorArt: priorArt.toJSON(), seed });
}

/** The helper's side of fitNullModelOnHelper. */
export function fitNullModelJob(job: NullModelJob): NullModelJson {
  return fitNullModel(job.tracks, PriorArtModel.fromJSON(job.priorArt), job.seed).json;
}
