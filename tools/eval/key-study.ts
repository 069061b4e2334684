/**
 * Measuring tool (not part of the evaluation): what key estimation could read, piece by piece. For every piece with a
 * known key (the eval sources' catalogue pieces of one split, the tempo-key sets' demo pieces, public-domain scores and
 * openMSX songs) it writes one JSON line: the truth, the engine's key, and the pitch content key estimation could use —
 * the chroma sum split into octave bands by each spectral peak's frequency (the engine's peaks, forEachChromaPeak:
 * the sum over bands is its chromaSum), the sum of frame chroma each normalised to 1 (every moment counts the same),
 * the beat chroma's sum, and the bass of the first and last four beats. Then it prints, per group, how often the engine's own estimator
 * (estimateKey, withOpeningBass) names the written key when it reads each of those instead of today's chroma sum.
 * `node tools/run-ts.mjs tools/eval/key-study.ts tuning|held-out [--out FILE.jsonl] [source…]`
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHROMA_MAX_HZ,
  CHROMA_MIN_HZ,
  bassChroma,
  estimateKey,
  estimateTuning,
  extractFeatures,
  forEachChromaPeak,
  frameRate,
  hzToMidi,
  keyName,
  stft,
  withOpeningBass,
  type PcmAudio,
  type Spectrogram,
} from '@originality/music-analysis';
import { keyOfName, truthSets } from '../bench/truth-pieces';
import { SOURCES } from './sources/all';
import { splitOf, type SourceName, type Split } from './sources/source';

/** Band edges in Hz: octaves from A1, the last band up to the chroma's ceiling. */
const BAND_EDGES = [CHROMA_MIN_HZ, 110, 220, 440, 880, 1760, 3520, CHROMA_MAX_HZ];

interface StudyPiece {
  group: string;
  name: string;
  tonic: number;
  mode: 'major' | 'minor';
  audio: () => Promise<PcmAudio>;
}

/**
 * The engine's chroma peaks (forEachChromaPeak) summed per BAND_EDGES band, and summed with each frame's chroma
 * normalised to 1 first.
 */
function bandChroma(spec: Spectrogram, tuningCents: number): { bands: number[][]; frameNormalised: number[] } {
  const bands = BAND_EDGES.slice(1).map(() => new Array<number>(12).fill(0));
  const frameNormalised = new Array<number>(12).fill(0);
  const frame = new Array<number>(12);
  const addPeak = (hz: number, magnitude: number): void => {
    const pc = ((Math.round(hzToMidi(hz) - tuningCents / 100) % 12) + 12) % 12;
    const band = BAND_EDGES.findIndex((edge, i) => i > 0 && hz < edge) - 1;
    bands[band < 0 ? bands.length - 1 : band]![pc] += magnitude;
    frame[pc] += magnitude;
  };
  for (let f = 0; f < spec.frames; f++) {
    frame.fill(0);
    forEachChromaPeak(spec, f, addPeak);
    const total = frame.reduce((s, v) => s + v, 0);
    if (total > 0) for (let pc = 0; pc < 12; pc++) frameNormalised[pc] += frame[pc]! / total;
  }
  return { bands, frameNormalised };
}

async function sourcePieces(names: SourceName[], split: Split): Promise<StudyPiece[]> {
  const out: StudyPiece[] = [];
  for (const name of names) {
    const tmp = mkdtempSync(join(tmpdir(), `key-study-${name}-`));
    const built = await SOURCES[name].build({ size: 'full', split, tmp, log: () => undefined });
    for (const r of built.references)
      if (r.truth && splitOf(name, r.pieceId) === split)
        out.push({ group: name, name: r.id, tonic: r.truth.tonic, mode: r.truth.mode, audio: r.audio });
  }
  return out;
}

function truthSetPieces(split: Split): StudyPiece[] {
  const out: StudyPiece[] = [];
  for (const set of truthSets({ pieces: 40, seed: 'tempo-key', split, log: (l) => console.error(l) }))
    for (const p of set.pieces) {
      if (!p.truth.key) continue;
      const { tonic, mode } = keyOfName(p.truth.key.name);
      out.push({ group: `tempo-key:${set.id}`, name: p.name, tonic, mode, audio: p.audio });
    }
  return out;
}

/** What one piece offers key estimation (one line of --out). */
interface PieceReading {
  group: string;
  name: string;
  tonic: number;
  mode: 'major' | 'minor';
  engine: string;
  /** Chroma sums of the peaks in each BAND_EDGES band. */
  bands: number[][];
  frameNormalised: number[];
  beatChroma: number[];
  openingBass: number[];
  closingBass: number[];
}

async function readPiece(piece: StudyPiece): Promise<PieceReading> {
  const audio = await piece.audio();
  const features = extractFeatures(audio);
  const spec = stft(audio.samples, audio.sampleRate);
  const fps = frameRate(spec);
  const frameOfBeat = (i: number) => Math.round((features.beats[Math.max(0, i)] ?? 0) * fps);
  const n = features.beats.length;
  const beatChroma = new Array<number>(12).fill(0);
  for (let r = 0; r < features.beatChroma.beats; r++)
    for (let pc = 0; pc < 12; pc++) beatChroma[pc] += features.beatChroma.data[r * 12 + pc]!;
  return {
    group: piece.group,
    name: piece.name,
    tonic: piece.tonic,
    mode: piece.mode,
    engine: features.key.name,
    ...bandChroma(spec, estimateTuning(spec)),
    beatChroma,
    openingBass: Array.from(bassChroma(spec, frameOfBeat(0), frameOfBeat(4))),
    closingBass: Array.from(bassChroma(spec, frameOfBeat(n - 5), frameOfBeat(n - 1))),
  };
}

const sumOf = (rows: number[][], weights: number[] = rows.map(() => 1)): number[] =>
  Array.from({ length: 12 }, (_, pc) => rows.reduce((s, row, i) => s + weights[i]! * row[pc]!, 0));

/** The pitch content each variant hands the estimator, and the bass it decides the relative key by. */
const VARIANTS: Record<string, (p: PieceReading) => { sum: number[]; bass: number[] }> = {
  "chroma sum (the engine's, opening bass of 4 beats)": (p) => ({ sum: sumOf(p.bands), bass: p.openingBass }),
  'peaks under 3.5 kHz': (p) => ({ sum: sumOf(p.bands, [1, 1, 1, 1, 1, 1, 0]), bass: p.openingBass }),
  'peaks under 1.76 kHz': (p) => ({ sum: sumOf(p.bands, [1, 1, 1, 1, 1, 0, 0]), bass: p.openingBass }),
  'peaks under 880 Hz': (p) => ({ sum: sumOf(p.bands, [1, 1, 1, 1, 0, 0, 0]), bass: p.openingBass }),
  'peaks over 110 Hz': (p) => ({ sum: sumOf(p.bands, [0, 1, 1, 1, 1, 1, 1]), bass: p.openingBass }),
  'bands under 220 Hz doubled': (p) => ({ sum: sumOf(p.bands, [2, 2, 1, 1, 1, 1, 1]), bass: p.openingBass }),
  '√ of the sum': (p) => ({ sum: sumOf(p.bands).map(Math.sqrt), bass: p.openingBass }),
  'sum of frames normalised to 1': (p) => ({ sum: p.frameNormalised, bass: p.openingBass }),
  'sum of beat chroma rows': (p) => ({ sum: p.beatChroma, bass: p.openingBass }),
  'opening and closing bass': (p) => ({ sum: sumOf(p.bands), bass: sumOf([p.openingBass, p.closingBass]) }),
};

function printSweep(readings: PieceReading[]): void {
  const groups = [...new Set(readings.map((r) => r.group))];
  const cell = (rows: PieceReading[], right: (r: PieceReading) => boolean) =>
    `${Math.round((100 * rows.filter(right).length) / rows.length)} %`;
  console.log(
    `| variant | ${groups.map((g) => `${g} (${readings.filter((r) => r.group === g).length})`).join(' | ')} |`,
  );
  console.log(`| --- | ${groups.map(() => '---').join(' | ')} |`);
  const written = (r: PieceReading) => keyName(r.tonic, r.mode);
  const rows: [string, (r: PieceReading) => string][] = [
    ['the engine', (r) => r.engine],
    ...Object.entries(VARIANTS).map(([label, variant]): [string, (r: PieceReading) => string] => [
      label,
      (r) => {
        const { sum, bass } = variant(r);
        return withOpeningBass(estimateKey(sum), sum, bass).name;
      },
    ]),
  ];
  for (const [label, keyOf] of rows)
    console.log(
      `| ${label} | ${groups
        .map((g) =>
          cell(
            readings.filter((r) => r.group === g),
            (r) => keyOf(r) === written(r),
          ),
        )
        .join(' | ')} |`,
    );
}

async function main(): Promise<void> {
  const [split, ...rest] = process.argv.slice(2) as [Split, ...string[]];
  const outAt = rest.indexOf('--out');
  const outPath = outAt >= 0 ? rest[outAt + 1] : undefined;
  const names = rest.filter((_, i) => outAt < 0 || (i !== outAt && i !== outAt + 1)) as SourceName[];
  const sources = names.length ? names : (['own', 'second-synth', 'gm', 'effects'] as SourceName[]);
  const pieces = [...(await sourcePieces(sources, split)), ...truthSetPieces(split)];
  const readings: PieceReading[] = [];
  for (const [i, piece] of pieces.entries()) {
    readings.push(await readPiece(piece));
    if ((i + 1) % 20 === 0 || i + 1 === pieces.length) console.error(`${i + 1}/${pieces.length} pieces read`);
  }
  if (outPath) writeFileSync(outPath, readings.map((r) => `${JSON.stringify(r)}\n`).join(''));
  printSweep(readings);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
