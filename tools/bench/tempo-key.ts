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
 * The demo pieces use seed 'tempo-key' (not the catalogue's 'demo'), 40 by default, rendered at 22 050 Hz.
 */
import {
  ANALYSIS_SAMPLE_RATE,
  extractFeatures,
  keyName,
  type KeyEstimate,
  type TrackFeatures,
} from '@originality/music-analysis';
import { demoTrack, publicDomainPiece, publicDomainScores, renderPiece, type Piece } from '@originality/music-synth';

interface Truth {
  bpm: number;
  key: string;
  /** The relative major/minor of `key`. */
  relative: string;
}

interface Outcome {
  acc1: boolean;
  acc2: boolean;
  /** The truth is the tempo or the alternative the engine names beside it. */
  named: boolean;
  keyExact: boolean;
  keyRelative: boolean;
  confidence: number;
}

/** Acc1's tolerance (the MIREX convention). */
const TEMPO_TOLERANCE = 0.04;
const METRICAL_FACTORS = [1, 0.5, 2, 1 / 3, 3];

function truthOf(piece: Piece): Truth {
  const { tonic, mode } = piece.key;
  const relative = mode === 'major' ? keyName(tonic + 9, 'minor') : keyName(tonic + 3, 'major');
  return { bpm: piece.bpm, key: keyName(tonic, mode), relative };
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
    keyExact: key.name === truth.key,
    keyRelative: key.name === truth.relative,
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
  const share = (test: (o: Outcome) => boolean) => `${((100 * outcomes.filter(test).length) / n).toFixed(0)} %`;
  const right = median(outcomes.filter((o) => o.keyExact).map((o) => o.confidence));
  const wrong = median(outcomes.filter((o) => !o.keyExact).map((o) => o.confidence));
  const cells = [
    source,
    String(n),
    share((o) => o.acc1),
    share((o) => o.acc2),
    share((o) => o.named),
    share((o) => o.keyExact),
    share((o) => o.keyRelative),
    Number.isFinite(right) ? right.toFixed(2) : '–',
    Number.isFinite(wrong) ? wrong.toFixed(2) : '–',
  ];
  return `| ${cells.join(' | ')} |`;
}

function option(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
}

function main(): void {
  const args = process.argv.slice(2);
  const pieces = Number(option(args, '--pieces', '40'));
  const seed = option(args, '--seed', 'tempo-key');
  if (!Number.isInteger(pieces) || pieces < 1) throw new Error('--pieces must be a positive integer');
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const details = args.includes('--details');
  const sources: [string, { piece: Piece; seed: number }[]][] = [
    ['demo pieces', Array.from({ length: pieces }, (_, i) => ({ piece: demoTrack(i, seed).piece, seed: i + 1 }))],
    [
      'public-domain scores',
      publicDomainScores().map((score, i) => {
        const piece = publicDomainPiece(score);
        return { piece: { ...piece, key: keyOfName(statedKey(score.key)) }, seed: 1000 + i };
      }),
    ],
  ];
  process.stdout.write(
    '| source | n | tempo Acc1 | tempo Acc2 | tempo or its alternative | key exact | key = relative | median confidence (right key) | median confidence (wrong key) |\n' +
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n',
  );
  for (const [source, list] of sources) {
    log(`analysing ${list.length} ${source}`);
    const outcomes = list.map(({ piece, seed: renderSeed }) => {
      const features = analysePiece(piece, renderSeed);
      const truth = truthOf(piece);
      if (details)
        log(
          `  ${truth.bpm.toFixed(1)} BPM ${truth.key} → ${features.tempoBpm} BPM` +
            `${features.tempoAlternativeBpm ? ` (or ${features.tempoAlternativeBpm})` : ''} ${features.key.name} ` +
            `(clarity ${features.key.clarity?.toFixed(2)}, relative ${features.key.relativeAmbiguity ?? '–'})`,
        );
      return judge(features, truth);
    });
    process.stdout.write(`${row(source, outcomes)}\n`);
  }
}

/** A key name back to tonic and mode. */
function keyOfName(name: string): Piece['key'] {
  for (let tonic = 0; tonic < 12; tonic++)
    for (const mode of ['major', 'minor'] as const) if (keyName(tonic, mode) === name) return { tonic, mode };
  throw new Error(`unknown key ${name}`);
}

try {
  main();
} catch (error: unknown) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
