/**
 * Measuring tool (not part of the evaluation): where a sample's stored landmarks are lost under its backing. For
 * each sample case of a source's split, the reference's stored landmarks inside the sampled stretch are looked for
 * in the query at the sample's true offset: how many of their peaks the query still holds (a peak of any of its
 * landmarks at that frame ±1, at the same bin or one off), how many of the landmarks whose two peaks it still holds
 * it paired again, and how many landmarks it formed again in all (the lookup's Δt ± 1 allowed). With --radii, also
 * how many of those peaks are maxima of smaller neighbourhoods of the query's spectrogram, and how many such maxima
 * a second the query has: what a narrower peak picking could hold at what density.
 * `node tools/run-ts.mjs tools/eval/null/sample-recall.ts recordings-3 tuning [--radii] [case id…]`
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FP_FFT_SIZE,
  FP_FRAME_SEC,
  FP_HOP,
  HASH_BITS,
  anchorBin,
  forEachStftFrame,
  extractFingerprints,
  landmarkDt,
  lookupHashes,
  targetBin,
  type Fingerprints,
} from '@originality/music-analysis';
import { SOURCES } from '../sources/all';
import type { SourceName, Split } from '../sources/source';

interface Peak {
  frame: number;
  bin: number;
}

function peaksOf(hashes: ArrayLike<number>, times: ArrayLike<number>): Peak[] {
  const out: Peak[] = [];
  for (let i = 0; i < hashes.length; i++) {
    out.push({ frame: times[i]!, bin: anchorBin(hashes[i]!) });
    out.push({ frame: times[i]! + landmarkDt(hashes[i]!), bin: targetBin(hashes[i]!) });
  }
  return out;
}

const cell = (frame: number, bin: number): number => frame * 512 + bin;

function peakSet(peaks: Peak[]): Set<number> {
  return new Set(peaks.map((p) => cell(p.frame, p.bin)));
}

function holds(set: Set<number>, frame: number, bin: number, binSlack: number): boolean {
  for (let df = -1; df <= 1; df++)
    for (let db = -binSlack; db <= binSlack; db++) if (set.has(cell(frame + df, bin + db))) return true;
  return false;
}

/** The query frame offset at which most reference landmarks of the stretch are formed again (near the true one). */
function bestOffset(ref: Fingerprints, query: Set<number>, from: number, to: number, guess: number): number {
  let best = guess;
  let bestCount = -1;
  for (let o = guess - 8; o <= guess + 8; o++) {
    let n = 0;
    for (let i = 0; i < ref.hashes.length; i++) {
      const t = ref.times[i]!;
      if (t < from || t > to) continue;
      if (query.has(t + o)) n++;
    }
    if (n > bestCount) [best, bestCount] = [o, n];
  }
  return best;
}

/** The query's magnitude spectrogram, frame by frame (bins 0–255). */
function spectrogram(samples: Float32Array): Float32Array[] {
  const rows: Float32Array[] = [];
  forEachStftFrame(samples, FP_FFT_SIZE, FP_HOP, (m) => rows.push(m.slice(0, 256)));
  return rows;
}

function isLocalMax(S: Float32Array[], f: number, k: number, rb: number, rf: number): boolean {
  const v = S[f]?.[k];
  if (v === undefined || !(v > 0)) return false;
  for (let g = Math.max(0, f - rf); g <= Math.min(S.length - 1, f + rf); g++)
    for (let b = Math.max(4, k - rb); b <= Math.min(255, k + rb); b++) if (S[g]![b]! > v) return false;
  return true;
}

const RADII: [number, number][] = [
  [7, 6],
  [5, 4],
  [3, 3],
  [2, 2],
  [1, 1],
];

/** Share of `cells` that are local maxima of radius (rb, rf) at their frame ±1, and the query's maxima a second. */
function neighbourhoodHolds(S: Float32Array[], cells: Peak[]): string {
  const loud = Math.max(...S.map((r) => Math.max(...r)));
  return RADII.map(([rb, rf]) => {
    let held = 0;
    for (const c of cells) if ([-1, 0, 1].some((d) => isLocalMax(S, c.frame + d, c.bin, rb, rf))) held++;
    let maxima = 0;
    for (let f = 0; f < S.length; f++)
      for (let k = 4; k < 256; k++) if (S[f]![k]! > loud * 1e-3 && isLocalMax(S, f, k, rb, rf)) maxima++;
    return `±${rb}×±${rf} ${Math.round((100 * held) / cells.length)} % (${Math.round(maxima / (S.length * FP_FRAME_SEC))}/s)`;
  }).join(', ');
}

async function main(): Promise<void> {
  const [name, split, ...rest] = process.argv.slice(2) as [SourceName, Split, ...string[]];
  const radii = rest.includes('--radii');
  const ids = rest.filter((a) => a !== '--radii');
  const tmp = mkdtempSync(join(tmpdir(), 'recall-'));
  const built = await SOURCES[name].build({ size: 'full', split, tmp, log: () => undefined });
  const refs = new Map(built.references.map((r) => [r.id, r]));
  const samples = built.cases.filter((c) => c.kind === 'sample' && (ids.length === 0 || ids.includes(c.id)));
  console.log('case | stored in stretch | peaks held (bin exact / ±1) | both peaks held | of those paired | formed');
  for (const c of samples) {
    const m = /^(\d+) s from (\d+) s, mixed at equal loudness at (\d+) s/.exec(c.variant);
    if (!m || !c.referenceId) throw new Error(`${c.id}: no sample stretch in its variant "${c.variant}"`);
    const [seconds, startSec, atSec] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const trueOffset = Math.round((atSec - startSec) / FP_FRAME_SEC);
    const ref = extractFingerprints(await refs.get(c.referenceId)!.audio());
    const queryAudio = await c.audio();
    const fp = extractFingerprints(queryAudio);
    const refCells: Peak[] = [];
    const q = fp.query!;
    const qPeaks = peakSet(peaksOf(q.hashes, q.times));
    const qLandmarks = new Set<number>();
    for (let i = 0; i < q.hashes.length; i++) qLandmarks.add(q.times[i]! * 2 ** HASH_BITS + q.hashes[i]!);
    // Skip the stretch's first and last half second: loudnorm and the cut make its edges unlike the reference.
    const from = Math.round((startSec + 0.5) / FP_FRAME_SEC);
    const to = Math.round((startSec + seconds - 1.2) / FP_FRAME_SEC);
    const qTimes = new Set(Array.from(q.times));
    const offset = bestOffset(ref, qTimes, from, to, trueOffset);
    let stored = 0;
    let held = 0;
    let heldNear = 0;
    let both = 0;
    let paired = 0;
    let formed = 0;
    const seen = new Set<number>();
    const out = new Uint32Array(3);
    for (let i = 0; i < ref.hashes.length; i++) {
      const t = ref.times[i]!;
      if (t < from || t > to) continue;
      const h = ref.hashes[i]!;
      stored++;
      const peaks: Peak[] = [
        { frame: t + offset, bin: anchorBin(h) },
        { frame: t + offset + landmarkDt(h), bin: targetBin(h) },
      ];
      for (const p of peaks) {
        const key = cell(p.frame, p.bin);
        if (seen.has(key)) continue;
        seen.add(key);
        refCells.push(p);
        if (holds(qPeaks, p.frame, p.bin, 0)) held++;
        if (holds(qPeaks, p.frame, p.bin, 1)) heldNear++;
      }
      const bothHeld = peaks.every((p) => holds(qPeaks, p.frame, p.bin, 0));
      // The query's anchor may sit a frame off the reference's, and its Δt one off (lookupHashes' variants).
      const variants = lookupHashes(h, out);
      let again = false;
      for (let dt = -1; dt <= 1 && !again; dt++)
        for (let v = 0; v < variants; v++)
          if (qLandmarks.has((t + offset + dt) * 2 ** HASH_BITS + out[v]!)) again = true;
      if (bothHeld) both++;
      if (bothHeld && again) paired++;
      if (again) formed++;
    }
    const pct = (a: number, b: number) => `${b ? Math.round((100 * a) / b) : 0} %`;
    console.log(
      `${c.id} (${seconds} s, offset ${offset - trueOffset}) | ${stored} | ` +
        `${pct(held, seen.size)} / ${pct(heldNear, seen.size)} of ${seen.size} | ${pct(both, stored)} | ` +
        `${pct(paired, both)} | ${formed} (${pct(formed, stored)})`,
    );
    if (radii) console.log(`  ${neighbourhoodHolds(spectrogram(queryAudio.samples), refCells)}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
