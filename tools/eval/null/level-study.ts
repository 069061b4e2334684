/**
 * Measuring tool (not part of the evaluation): does reused audio keep its peaks at one level, where chance agreement
 * does not? For every query–reference pair of a case source's split, at the pair's best landmark offset, it reads
 * the peak overlap exactly as the engine does (matching/peak-overlap.ts) and again counting only the held peaks whose
 * level in the query lies within LEVEL_TOLERANCE_DB of the pair's commonest level difference (a sample is mixed at
 * one gain, so where it is not masked its peaks keep their levels; a coincidence of notes in other recordings does
 * not). Each reading's standout among the query's other catalogue tracks is printed beside the pair standout
 * exact-peak.ts judges, for the reused audio and for the unrelated pairs.
 *
 *   node tools/run-ts.mjs tools/eval/null/level-study.ts recordings-2 [--split tuning] [--out pairs.jsonl]
 *
 * The levels are read from the STFT the landmarks are picked on (signal/landmarks.ts), which the stored index does
 * not keep: the tool decodes every track.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  anchorBin,
  BACKGROUND_SHIFTS_SEC,
  exactAudioPeak,
  extractFingerprints,
  forEachStftFrame,
  FP_FFT_SIZE,
  FP_FRAME_SEC,
  FP_HOP,
  matchFingerprints,
  overlapStandout,
  peakExcess,
  peakOverlap,
  peakStandout,
  storedLandmarks,
  SURVIVING_SHARE,
  type ExactAudioPeak,
  type Fingerprints,
  type PcmAudio,
} from '@originality/music-analysis';
import { SOURCES } from '../sources/all';
import type { SourceName, Split } from '../sources/source';

/** A held peak counts when its level difference lies this close to the pair's commonest one. */
const LEVEL_TOLERANCE_DB = 3;
/**
 * The background rate is taken as no lower than this: half peak-overlap.ts's floor, as a peak held at one level by
 * chance is rarer than one held at all.
 */
const MIN_BACKGROUND_RATE = 0.01;
const BINS = 256;

/** A track's stored peaks (landmark anchors, once each) with their level in dB. */
interface LevelledPeaks {
  frames: Uint32Array;
  bins: Uint16Array;
  levels: Float32Array;
}

/** A query's dense peaks (its lookup landmarks' anchors) as a level per (frame, bin) cell, NaN where none. */
interface LevelMap {
  levels: Float32Array;
  frames: number;
}

/** Decibels of every STFT cell, row by row, as signal/landmarks.ts picks its peaks from. */
function spectrumDb(audio: PcmAudio): { db: Float32Array; frames: number } {
  const rows: Float32Array[] = [];
  forEachStftFrame(audio.samples, FP_FFT_SIZE, FP_HOP, (magnitudes) => {
    const row = new Float32Array(BINS);
    for (let k = 0; k < BINS; k++) row[k] = 20 * Math.log10(magnitudes[k] + 1e-9);
    rows.push(row);
  });
  const db = new Float32Array(rows.length * BINS);
  rows.forEach((row, f) => db.set(row, f * BINS));
  return { db, frames: rows.length };
}

function storedPeaks(fp: Fingerprints, spectrum: { db: Float32Array; frames: number }): LevelledPeaks {
  const cells = [...new Set(Array.from(fp.hashes, (h, i) => fp.times[i] * BINS + anchorBin(h)))].sort((a, b) => a - b);
  const frames = Uint32Array.from(cells, (c) => Math.floor(c / BINS));
  const bins = Uint16Array.from(cells, (c) => c % BINS);
  const levels = Float32Array.from(cells, (c) => (c < spectrum.db.length ? spectrum.db[c] : NaN));
  return { frames, bins, levels };
}

function levelMap(fp: Fingerprints, spectrum: { db: Float32Array; frames: number }): LevelMap {
  const levels = new Float32Array(spectrum.frames * BINS).fill(NaN);
  const set = fp.query ?? fp;
  for (let i = 0; i < set.hashes.length; i++) {
    const cell = set.times[i] * BINS + anchorBin(set.hashes[i]);
    if (cell < levels.length) levels[cell] = spectrum.db[cell];
  }
  return { levels, frames: spectrum.frames };
}

/** The query's level at a reference peak's cell, a frame either way (as peak-overlap.ts holds it), or NaN. */
function heldLevel(map: LevelMap, frame: number, bin: number): number {
  let level = NaN;
  for (let f = Math.max(0, frame - 1); f <= Math.min(map.frames - 1, frame + 1); f++) {
    const l = map.levels[f * BINS + bin];
    if (!Number.isNaN(l) && !(l <= level)) level = l;
  }
  return level;
}

/** Query level minus reference level of every held peak at `offset`, with the query second it falls in. */
function levelDifferences(map: LevelMap, peaks: LevelledPeaks, offset: number): { second: number; diff: number }[] {
  const out: { second: number; diff: number }[] = [];
  for (let i = 0; i < peaks.frames.length; i++) {
    const frame = peaks.frames[i] - offset;
    if (frame < 0 || frame >= map.frames) continue;
    const level = heldLevel(map, frame, peaks.bins[i]);
    out.push({ second: Math.floor(frame * FP_FRAME_SEC), diff: level - peaks.levels[i] });
  }
  return out;
}

/** The centre of the densest window of 2 × LEVEL_TOLERANCE_DB among the held peaks' differences. */
function commonestDifference(diffs: number[]): number {
  const sorted = diffs.filter((d) => !Number.isNaN(d)).sort((a, b) => a - b);
  let best = { count: 0, centre: 0 };
  for (let a = 0, b = 0; a < sorted.length; a++) {
    while (b < sorted.length && sorted[b] - sorted[a] <= 2 * LEVEL_TOLERANCE_DB) b++;
    if (b - a > best.count) best = { count: b - a, centre: sorted[Math.floor((a + b - 1) / 2)] };
  }
  return best.centre;
}

/** Per query second: reference peaks aligned, and those held at `gain` ± LEVEL_TOLERANCE_DB. */
function perSecond(map: LevelMap, peaks: LevelledPeaks, offset: number, gain: number) {
  const seconds = Math.ceil(map.frames * FP_FRAME_SEC) + 1;
  const counts = { peaks: new Uint32Array(seconds), hits: new Uint32Array(seconds) };
  for (const { second, diff } of levelDifferences(map, peaks, offset)) {
    counts.peaks[second]++;
    if (Math.abs(diff - gain) <= LEVEL_TOLERANCE_DB) counts.hits[second]++;
  }
  return counts;
}

/** peakOverlap's best run of seconds, counting only the peaks held at the pair's commonest level difference. */
function levelOverlap(map: LevelMap, peaks: LevelledPeaks, offset: number): number {
  const gain = commonestDifference(levelDifferences(map, peaks, offset).map((d) => d.diff));
  let background = { peaks: 0, hits: 0 };
  for (const shift of BACKGROUND_SHIFTS_SEC) {
    const c = perSecond(map, peaks, offset + Math.round(shift / FP_FRAME_SEC), gain);
    background = { peaks: background.peaks + sum(c.peaks), hits: background.hits + sum(c.hits) };
  }
  const rate = Math.min(
    SURVIVING_SHARE / 2,
    Math.max(MIN_BACKGROUND_RATE, background.hits / Math.max(1, background.peaks)),
  );
  const [hit, miss] = [Math.log(SURVIVING_SHARE / rate), Math.log((1 - SURVIVING_SHARE) / (1 - rate))];
  const counts = perSecond(map, peaks, offset, gain);
  let best = 0;
  let run = 0;
  for (let s = 0; s < counts.peaks.length; s++) {
    if (counts.peaks[s] === 0) continue;
    run = Math.max(0, run) + counts.hits[s] * hit + (counts.peaks[s] - counts.hits[s]) * miss;
    best = Math.max(best, run);
  }
  return best;
}

const sum = (a: Uint32Array) => a.reduce((s, x) => s + x, 0);

interface Track {
  id: string;
  stored: Fingerprints;
  peaks: LevelledPeaks;
}

interface PairRow {
  query: string;
  kind: string;
  ref: string;
  truth: boolean;
  peak: ExactAudioPeak;
  overlap: number;
  levelOverlap: number;
  pairStandout: number;
  overlapStandout: number;
  levelStandout: number;
}

/** Every pair of one query, each judged among the query's other pairs (truths left out of the peers' readings). */
function queryPairs(
  id: string,
  kind: string,
  truthOf: (refId: string) => boolean | null,
  fp: Fingerprints,
  map: LevelMap,
  refs: Track[],
): PairRow[] {
  const rows = refs.flatMap((ref) => {
    const truth = truthOf(ref.id);
    if (truth === null) return [];
    const m = matchFingerprints(fp, ref.stored);
    return [
      {
        query: id,
        kind,
        ref: ref.id,
        truth,
        peak: exactAudioPeak(m, fp.frameSec),
        overlap: peakOverlap(fp, ref.stored, m.offset).score,
        levelOverlap: levelOverlap(map, ref.peaks, m.offset),
        pairStandout: 0,
        overlapStandout: 0,
        levelStandout: 0,
      },
    ];
  });
  for (const row of rows) {
    const peers = rows.filter((o) => o !== row);
    const unrelatedPeers = peers.filter((o) => !o.truth);
    row.pairStandout = peakStandout(
      row.peak,
      peers.map((o) => peakExcess(o.peak)),
    );
    row.overlapStandout = overlapStandout(
      row.overlap,
      unrelatedPeers.map((o) => o.overlap),
    );
    row.levelStandout = overlapStandout(
      row.levelOverlap,
      unrelatedPeers.map((o) => o.levelOverlap),
    );
  }
  return rows;
}

const MARKS = [1.5, 2, 2.5, 3];

function summarise(source: string, rows: PairRow[]): void {
  const unrelated = rows.filter((r) => !r.truth);
  for (const key of ['overlapStandout', 'levelStandout'] as const) {
    const counts = MARKS.map((x) => unrelated.filter((r) => r[key] >= x).length).join(' / ');
    console.log(`${source}: ${unrelated.length} unrelated pairs, ${key} ≥ ${MARKS.join(' / ')}: ${counts}`);
    for (const r of [...unrelated].sort((a, b) => b[key] - a[key]).slice(0, 5))
      console.log(`  ${r.query} ~ ${r.ref}: ${r[key].toFixed(2)} (pair ${r.pairStandout.toFixed(2)})`);
  }
  for (const kind of [...new Set(rows.filter((r) => r.truth).map((r) => r.kind))]) {
    const truths = rows.filter((r) => r.truth && r.kind === kind);
    const line = (key: 'overlapStandout' | 'levelStandout') =>
      MARKS.map((x) => truths.filter((r) => r[key] >= x).length).join(' / ');
    console.log(
      `${source} ${kind} (${truths.length}) ≥ ${MARKS.join(' / ')}: overlap ${line('overlapStandout')}, level ${line('levelStandout')}`,
    );
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { split: { type: 'string', default: 'tuning' }, out: { type: 'string' } },
  });
  if (values.out) writeFileSync(values.out, '');
  const log = (line: string) => process.stderr.write(`${line}\n`);
  for (const name of positionals[0].split(',') as SourceName[]) {
    const tmp = mkdtempSync(join(tmpdir(), `level-${name}-`));
    const built = await SOURCES[name].build({ size: 'full', split: values.split as Split, tmp, log });
    const refs: Track[] = [];
    for (const r of built.references) {
      const audio = await r.audio();
      const stored = storedLandmarks(extractFingerprints(audio));
      refs.push({ id: r.id, stored, peaks: storedPeaks(stored, spectrumDb(audio)) });
    }
    const rows: PairRow[] = [];
    for (const [i, c] of built.cases.entries()) {
      const audio = await c.audio();
      const fp = extractFingerprints(audio);
      const sharesPiece = ['cover', 'borrowed-melody'].includes(c.kind);
      const truthOf = (refId: string) =>
        refId === c.pieceId && sharesPiece && refId !== c.referenceId ? null : c.shouldMatch && refId === c.referenceId;
      const pairs = queryPairs(c.id, c.kind, truthOf, fp, levelMap(fp, spectrumDb(audio)), refs);
      rows.push(...pairs);
      if (values.out) for (const p of pairs) appendFileSync(values.out, `${JSON.stringify({ source: name, ...p })}\n`);
      if ((i + 1) % 20 === 0) log(`${name}: cases ${i + 1}/${built.cases.length}`);
    }
    summarise(name, rows);
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 2;
});
