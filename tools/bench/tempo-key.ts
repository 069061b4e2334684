/**
 * Tempo and key against pieces whose truth is known: the demo catalogue's composed pieces (their score's BPM and
 * key) and the bundled public-domain scores (the MIDI file's tempo and the key it opens in, pieces.json). Prints, per
 * source, tempo Acc1 (within 4 % of the truth), Acc2 (within 4 % of the truth × ½, 2, ⅓ or 3: the right beat at
 * another metrical level), the truth named as the tempo or as the alternative the engine gives beside it
 * (tempoAlternativeBpm), key exact, key off by its relative major/minor, and the median key confidence of right and
 * wrong keys.
 *
 *   npm run -s analysis -- tempo-key [--pieces N] [--seed S]
 *
 * The demo pieces use seed 'tempo-key' (not the catalogue's 'demo'), 40 by default, rendered at 22 050 Hz. Beside
 * them, songs others wrote the tempo of (tempo-files.ts): OpenTTD's openMSX MIDI songs rendered whole by fluidsynth
 * (`--split tuning|held-out`, default tuning; held-out only at the end of a piece of work) and Frets on Fire's
 * rock recordings (tempo only; never tuned on). `--details` prints every piece's truth and reading.
 */
import {
  ANALYSIS_SAMPLE_RATE,
  decodeAudio,
  extractFeatures,
  keyName,
  type KeyEstimate,
  type TrackFeatures,
} from '@originality/music-analysis';
import { demoTrack, publicDomainPiece, publicDomainScores, renderPiece, type Piece } from '@originality/music-synth';
import { fretsOnFireSongs, openMsxSongs, type TempoFile, type TempoFileSet, type TempoFileSplit } from './tempo-files';

interface Truth {
  bpm: number;
  /** Unknown for some recordings. */
  key?: { name: string; /** Its relative major/minor. */ relative: string };
}

interface Outcome {
  acc1: boolean;
  acc2: boolean;
  /** The truth is the tempo or the alternative the engine names beside it. */
  named: boolean;
  /** Undefined where the truth has no key. */
  keyExact?: boolean;
  keyRelative?: boolean;
  confidence: number;
}

/** Acc1's tolerance (the MIREX convention). */
const TEMPO_TOLERANCE = 0.04;
const METRICAL_FACTORS = [1, 0.5, 2, 1 / 3, 3];

function keyTruth({ tonic, mode }: Piece['key']): NonNullable<Truth['key']> {
  const relative = mode === 'major' ? keyName(tonic + 9, 'minor') : keyName(tonic + 3, 'major');
  return { name: keyName(tonic, mode), relative };
}

function truthOf(piece: Piece): Truth {
  return { bpm: piece.bpm, key: keyTruth(piece.key) };
}

/** The key a public-domain score's source states ("Ab major") in the engine's spelling ("G# major"). */
function statedKey(stated: string): string {
  const [note, mode] = stated.split(' ');
  const names: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
  const accidental = note!.slice(1) === '#' ? 1 : note!.slice(1) === 'b' ? -1 : 0;
  return keyName(names[note![0]!]! + accidental + 12, mode as 'major' | 'minor');
}

function judge(features: TrackFeatures, truth: Truth): Outcome {
  const near = (bpm: number, target: number) => Math.abs(bpm / target - 1) <= TEMPO_TOLERANCE;
  const within = (factor: number) => near(features.tempoBpm, truth.bpm * factor);
  const key: KeyEstimate = features.key;
  return {
    acc1: within(1),
    acc2: METRICAL_FACTORS.some(within),
    named: [features.tempoBpm, features.tempoAlternativeBpm ?? 0].some((bpm) => near(bpm, truth.bpm)),
    ...(truth.key && { keyExact: key.name === truth.key.name, keyRelative: key.name === truth.key.relative }),
    confidence: key.clarity ?? Number.NaN,
  };
}

function analysePiece(piece: Piece, seed: number): TrackFeatures {
  const samples = renderPiece(piece, { sampleRate: ANALYSIS_SAMPLE_RATE, seed });
  return extractFeatures({
    samples,
    sampleRate: ANALYSIS_SAMPLE_RATE,
    durationSec: samples.length / ANALYSIS_SAMPLE_RATE,
  });
}

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
}

function row(source: string, outcomes: Outcome[]): string {
  const n = outcomes.length;
  const keyed = outcomes.filter((o) => o.keyExact !== undefined);
  const shareOf = (list: Outcome[], test: (o: Outcome) => boolean) =>
    list.length ? `${((100 * list.filter(test).length) / list.length).toFixed(0)} %` : '–';
  const share = (test: (o: Outcome) => boolean) => shareOf(outcomes, test);
  const keyShare = (test: (o: Outcome) => boolean) =>
    keyed.length === n ? shareOf(keyed, test) : `${shareOf(keyed, test)} of ${keyed.length}`;
  const right = median(keyed.filter((o) => o.keyExact).map((o) => o.confidence));
  const wrong = median(keyed.filter((o) => !o.keyExact).map((o) => o.confidence));
  const cells = [
    source,
    String(n),
    share((o) => o.acc1),
    share((o) => o.acc2),
    share((o) => o.named),
    keyShare((o) => o.keyExact === true),
    keyShare((o) => o.keyRelative === true),
    Number.isFinite(right) ? right.toFixed(2) : '–',
    Number.isFinite(wrong) ? wrong.toFixed(2) : '–',
  ];
  return `| ${cells.join(' | ')} |`;
}

function option(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
}

/** One piece to read: a name for --details, its truth, and its features (rendered or decoded on demand). */
interface TruthPiece {
  name: string;
  truth: Truth;
  features: () => Promise<TrackFeatures>;
}

function renderedPieces(pieces: number, seed: string): [string, TruthPiece[]][] {
  const rendered = (piece: Piece, renderSeed: number): TruthPiece => ({
    name: piece.title,
    truth: truthOf(piece),
    features: async () => analysePiece(piece, renderSeed),
  });
  return [
    ['demo pieces', Array.from({ length: pieces }, (_, i) => rendered(demoTrack(i, seed).piece, i + 1))],
    [
      'public-domain scores',
      publicDomainScores().map((score, i) => {
        const piece = publicDomainPiece(score);
        return rendered({ ...piece, key: keyOfName(statedKey(score.key)) }, 1000 + i);
      }),
    ],
  ];
}

function filePieces(files: TempoFile[]): TruthPiece[] {
  return files.map((file) => ({
    name: file.name,
    truth: { bpm: file.bpm, ...(file.key && { key: keyTruth(file.key) }) },
    features: async () => {
      const audio = await decodeAudio(await file.audio(), { sampleRate: ANALYSIS_SAMPLE_RATE });
      return extractFeatures(audio);
    },
  }));
}

/** The songs others wrote the tempo of (tempo-files.ts), or a line saying why a set is missing. */
function recordedPieces(split: TempoFileSplit, log: (line: string) => void): [string, TruthPiece[]][] {
  const sets: [string, TempoFileSet][] = [
    [`openMSX MIDI songs, fluidsynth (${split})`, openMsxSongs(split)],
    ['Frets on Fire rock recordings (tempo only)', fretsOnFireSongs()],
  ];
  return sets.flatMap(([source, { files, unavailable }]) => {
    if (unavailable) log(`${source}: skipped (${unavailable})`);
    return files.length ? [[source, filePieces(files)] as [string, TruthPiece[]]] : [];
  });
}

function describe(piece: TruthPiece, features: TrackFeatures): string {
  const { truth } = piece;
  return (
    `  ${piece.name}: ${truth.bpm.toFixed(1)} BPM ${truth.key?.name ?? ''} → ${features.tempoBpm} BPM` +
    `${features.tempoAlternativeBpm ? ` (or ${features.tempoAlternativeBpm})` : ''} ${features.key.name} ` +
    `(clarity ${features.key.clarity?.toFixed(2)}, relative ${features.key.relativeAmbiguity ?? '–'})`
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const pieces = Number(option(args, '--pieces', '40'));
  const seed = option(args, '--seed', 'tempo-key');
  const split = option(args, '--split', 'tuning');
  if (!Number.isInteger(pieces) || pieces < 1) throw new Error('--pieces must be a positive integer');
  if (split !== 'tuning' && split !== 'held-out') throw new Error('--split must be tuning or held-out');
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const details = args.includes('--details');
  const sources = [...renderedPieces(pieces, seed), ...recordedPieces(split, log)];
  process.stdout.write(
    '| source | n | tempo Acc1 | tempo Acc2 | tempo or its alternative | key exact | key = relative | median confidence (right key) | median confidence (wrong key) |\n' +
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n',
  );
  for (const [source, list] of sources) {
    log(`analysing ${list.length} ${source}`);
    const outcomes: Outcome[] = [];
    for (const piece of list) {
      const features = await piece.features();
      if (details) log(describe(piece, features));
      outcomes.push(judge(features, piece.truth));
    }
    process.stdout.write(`${row(source, outcomes)}\n`);
  }
}

/** A key name back to tonic and mode. */
function keyOfName(name: string): Piece['key'] {
  for (let tonic = 0; tonic < 12; tonic++)
    for (const mode of ['major', 'minor'] as const) if (keyName(tonic, mode) === name) return { tonic, mode };
  throw new Error(`unknown key ${name}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
