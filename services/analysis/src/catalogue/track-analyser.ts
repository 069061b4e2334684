import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  decodeAudio,
  extractFeatures,
  extractFeaturesAsync,
  type PcmAudio,
  type TrackFeatures,
} from '@originality/music-analysis';
import type { StoredFeatures } from './catalogue.repository';
import { toStoredFeatures } from './feature-codec';

/** A reference track's features, ready to store. */
export interface AnalysedTrack {
  durationSec: number;
  features: StoredFeatures;
}

/** Turns an audio file into stored features: in this thread or in worker threads. */
export interface TrackAnalyser {
  /** How many files it works on at once. */
  readonly concurrency: number;
  analyse(file: string): Promise<AnalysedTrack>;
  close(): Promise<void>;
}

/**
 * Decode + feature extraction of one file; the work every analyser does. `extract` is extractFeatures in the
 * pool's workers (each already has a core of its own) and extractFeaturesAsync (two threads) when one thread
 * imports alone.
 */
export async function analyseTrackFile(
  file: string,
  extract: (pcm: PcmAudio) => TrackFeatures | Promise<TrackFeatures> = extractFeatures,
): Promise<AnalysedTrack> {
  const features = await extract(await decodeAudio(file));
  return { durationSec: features.durationSec, features: toStoredFeatures(features) };
}

export class InProcessAnalyser implements TrackAnalyser {
  readonly concurrency = 1;
  analyse(file: string): Promise<AnalysedTrack> {
    return analyseTrackFile(file, (pcm) => extractFeaturesAsync(pcm));
  }
  async close(): Promise<void> {}
}

/** What a worker sends back for one file. */
export type WorkerReply =
  | { id: number; ok: true; track: AnalysedTrack }
  | { id: number; ok: false; error: { name: string; message: string; code?: string } };

interface Pending {
  id: number;
  file: string;
  resolve: (track: AnalysedTrack) => void;
  reject: (error: Error) => void;
}

const WORKER_ENTRY = join(__dirname, 'feature-worker.js');

/**
 * Feature extraction is CPU-bound and synchronous, so catalogue import spreads files over worker
 * threads, one file per worker at a time.
 */
export class WorkerPoolAnalyser implements TrackAnalyser {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private nextId = 0;

  constructor(readonly concurrency: number) {
    for (let i = 0; i < concurrency; i++) this.idle.push(this.spawn());
  }

  analyse(file: string): Promise<AnalysedTrack> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, file, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    const all = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(all.map((worker) => worker.terminate()));
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_ENTRY);
    worker.on('message', (reply: WorkerReply) => this.settle(worker, reply));
    worker.on('error', (error) => this.replace(worker, error));
    return worker;
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      worker.postMessage({ id: job.id, file: job.file });
    }
  }

  private settle(worker: Worker, reply: WorkerReply): void {
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    this.idle.push(worker);
    if (job && reply.ok) job.resolve(revive(reply.track));
    else if (job && !reply.ok) job.reject(Object.assign(new Error(reply.error.message), reply.error));
    this.dispatch();
  }

  /** A worker that crashed fails its file and is replaced, so one bad file never stalls the import. */
  private replace(worker: Worker, error: Error): void {
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    job?.reject(error);
    void worker.terminate();
    this.idle.push(this.spawn());
    this.dispatch();
  }
}

/** Buffers arrive from a worker as plain Uint8Arrays (structured clone); make them Buffers again. */
function revive(track: AnalysedTrack): AnalysedTrack {
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const f = track.features;
  return {
    durationSec: track.durationSec,
    features: {
      ...f,
      series: asBuffer(f.series),
      embedding: asBuffer(f.embedding),
      fingerprints: asBuffer(f.fingerprints),
    },
  };
}

/** Worker threads when there is more than one to use, else this thread. */
export function createTrackAnalyser(workers: number): TrackAnalyser {
  return workers > 1 ? new WorkerPoolAnalyser(workers) : new InProcessAnalyser();
}
