/**
 * Benchmark (b): first-stage lookup latency of the in-memory catalogue index at a given catalogue
 * size, with synthetic descriptors from a seeded generator (deterministic; no audio is rendered at
 * this scale). Usage: lookup.ts <tracks>. Run by benchmarks.ts in a child process per size.
 *
 * Each reference holds an EMBEDDING_DIM unit embedding and the landmarks of REFERENCE_SECONDS of audio
 * at the density measured on real renders (benchmark (a): ≈ 48/s; 60/s is the extractor's cap, used
 * here). Each query is one reference's landmarks (as if the upload contained it) with a perturbed
 * embedding. Hashes are uniform over HASH_BITS, which flatters bucket sizes somewhat against real audio.
 */
import {
  CatalogueIndex,
  EMBEDDING_DIM,
  FP_FRAME_SEC,
  HASH_BITS,
  type TrackFeatures,
} from '@originality/music-analysis';
import { createRng } from '@originality/music-synth';
import { emitResult, log } from './child';

export const REFERENCE_SECONDS = 30;
export const LANDMARKS_PER_SECOND = 60;
const QUERIES = 60;
/** Embedding noise of a query relative to its reference (cover-like, not identical). */
const QUERY_NOISE = 0.1;

export interface LookupResult {
  tracks: number;
  queries: number;
  p50Ms: number;
  p95Ms: number;
  /** Queries whose source reference was among the candidates. */
  found: number;
  buildMs: number;
  lookupBytes: number;
}

function unitVector(random: () => number, near?: Float32Array, noise = 0): Float32Array {
  const v = new Float32Array(EMBEDDING_DIM);
  let norm = 0;
  for (let i = 0; i < v.length; i++) {
    const r = random() * 2 - 1;
    v[i] = near ? near[i]! + noise * r : r;
    norm += v[i]! * v[i]!;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) v[i]! *= scale;
  return v;
}

type Descriptor = Pick<TrackFeatures, 'embedding' | 'fingerprints'>;

function aReference(random: () => number): Descriptor {
  const count = REFERENCE_SECONDS * LANDMARKS_PER_SECOND;
  const frames = REFERENCE_SECONDS / FP_FRAME_SEC;
  const hashes = new Uint32Array(count);
  const times = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    hashes[i] = Math.floor(random() * 2 ** HASH_BITS);
    times[i] = Math.floor((i / count) * frames);
  }
  return { embedding: unitVector(random), fingerprints: { hashes, times, frameSec: FP_FRAME_SEC } };
}

export function benchLookup(tracks: number): LookupResult {
  // Seeded (mulberry32): the same catalogue on every machine.
  const random = createRng(tracks).next;
  const index = new CatalogueIndex({ mode: 'light' });
  const every = Math.max(1, Math.floor(tracks / QUERIES));
  const sources: { id: string; descriptor: Descriptor }[] = [];
  const started = performance.now();
  for (let i = 0; i < tracks; i++) {
    const descriptor = aReference(random);
    if (i % every === 0 && sources.length < QUERIES) sources.push({ id: `ref-${i}`, descriptor });
    index.add({
      id: `ref-${i}`,
      meta: { title: `Reference ${i}`, artist: 'Synthetic', platform: 'bench' },
      features: descriptor as TrackFeatures,
    });
  }
  const lookupBytes = index.lookupBytes; // also merges the pending fingerprints, outside the timed lookups
  const buildMs = performance.now() - started;
  const latencies: number[] = [];
  let found = 0;
  for (const source of sources) {
    const query = {
      embedding: unitVector(random, source.descriptor.embedding, QUERY_NOISE),
      fingerprints: source.descriptor.fingerprints,
    };
    const t0 = performance.now();
    const candidates = index.lookup(query);
    latencies.push(performance.now() - t0);
    if (candidates.some((c) => c.referenceId === source.id)) found++;
  }
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]!;
  return {
    tracks,
    queries: latencies.length,
    p50Ms: percentile(0.5),
    p95Ms: percentile(0.95),
    found,
    buildMs,
    lookupBytes,
  };
}

if (process.argv[1] === __filename) {
  const tracks = Number(process.argv[2]);
  if (!Number.isSafeInteger(tracks) || tracks < 1) {
    log('usage: lookup.ts <tracks>');
    process.exit(2);
  }
  log(`lookup: building a ${tracks}-track index`);
  emitResult(benchLookup(tracks));
}
