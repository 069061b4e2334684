/**
 * Lookup benchmark of a light CatalogueIndex with synthetic descriptors (not a test: run by hand).
 *   SWC_NODE_PROJECT=tsconfig.runtime.json node -r @swc-node/register libs/music-analysis/src/index/catalogue-index.bench.ts [sizes…]
 * Each reference holds an EMBEDDING_DIM embedding and LANDMARKS_PER_TRACK landmarks (30 s at the 60/s cap);
 * each query is a 30 s excerpt's landmarks of one reference plus a perturbed embedding. Hashes are uniform
 * over 21 bits, which flatters bucket sizes a little compared with real audio.
 */
import { CatalogueIndex } from './catalogue-index';
import { EMBEDDING_DIM } from '../signal/embedding';
import { FP_FRAME_SEC } from '../signal/landmarks';
import { anEmbedding } from '../../testing/match-fixtures';
import { seededRandom } from '../../testing/test-signals';
import type { TrackFeatures } from '../types';

const LANDMARKS_PER_TRACK = 1800;
const QUERIES = 50;

function descriptor(seed: number, rnd: () => number): Pick<TrackFeatures, 'embedding' | 'fingerprints'> {
  const hashes = new Uint32Array(LANDMARKS_PER_TRACK);
  const times = new Uint32Array(LANDMARKS_PER_TRACK);
  for (let i = 0; i < LANDMARKS_PER_TRACK; i++) {
    hashes[i] = Math.floor(rnd() * (1 << 21));
    times[i] = Math.floor((i / LANDMARKS_PER_TRACK) * (30 / FP_FRAME_SEC));
  }
  return { embedding: anEmbedding(seed, EMBEDDING_DIM), fingerprints: { hashes, times, frameSec: FP_FRAME_SEC } };
}

function bench(size: number): void {
  const rnd = seededRandom(size);
  const index = new CatalogueIndex({ mode: 'light' });
  const refs: Pick<TrackFeatures, 'embedding' | 'fingerprints'>[] = [];
  let t = Date.now();
  for (let i = 0; i < size; i++) {
    const d = descriptor(i, rnd);
    if (i % Math.ceil(size / QUERIES) === 0) refs.push(d);
    index.add({ id: `r${i}`, meta: { title: '', artist: '', platform: '' }, features: d as TrackFeatures });
  }
  const addMs = Date.now() - t;
  t = Date.now();
  const bytes = index.lookupBytes; // merges the fingerprint index
  const mergeMs = Date.now() - t;
  const times: number[] = [];
  let found = 0;
  refs.forEach((ref, q) => {
    const query = { embedding: anEmbedding(q, EMBEDDING_DIM, ref.embedding, 0.05), fingerprints: ref.fingerprints };
    const t0 = process.hrtime.bigint();
    const candidates = index.lookup(query);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (candidates.some((c) => c.referenceId === `r${q * Math.ceil(size / QUERIES)}`)) found++;
  });
  times.sort((a, b) => a - b);
  const p = (x: number) => times[Math.min(times.length - 1, Math.floor(x * times.length))].toFixed(1);
  console.log(
    `${size} tracks: add ${addMs} ms, merge ${mergeMs} ms, lookup bytes ${(bytes / 2 ** 20).toFixed(0)} MiB, ` +
      `lookup p50 ${p(0.5)} ms p95 ${p(0.95)} ms, found ${found}/${refs.length}`,
  );
}

const sizes = process.argv.slice(2).map(Number);
for (const size of sizes.length ? sizes : [1000, 10000, 100000]) bench(size);
