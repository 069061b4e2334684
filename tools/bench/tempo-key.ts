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
import { extractFeatures, type KeyEstimate, type TrackFeatures } from '@originality/music-analysis';
import { nearTempo, truthSets, type Truth, type TruthPiece } from './truth-pieces';

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

const METRICAL_FACTORS = [1, 0.5, 2, 1 / 3, 3];

function judge(features: TrackFeatures, truth: Truth): Outcome {
  const within = (factor: number) => nearTempo(features.tempoBpm, truth.bpm * factor);
  const key: KeyEstimate = features.key;
  return {
    acc1: within(1),
    acc2: METRICAL_FACTORS.some(within),
    named: [features.tempoBpm, features.tempoAlternativeBpm ?? 0].some((bpm) => nearTempo(bpm, truth.bpm)),
    ...(truth.key && { keyExact: key.name === truth.key.name, keyRelative: key.name === truth.key.relative }),
    confidence: key.clarity ?? Number.NaN,
  };
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
  const sets = truthSets({ pieces, seed, split, log });
  process.stdout.write(
    '| source | n | tempo Acc1 | tempo Acc2 | tempo or its alternative | key exact | key = relative | median confidence (right key) | median confidence (wrong key) |\n' +
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n',
  );
  for (const { label, pieces: list } of sets) {
    log(`analysing ${list.length} ${label}`);
    const outcomes: Outcome[] = [];
    for (const piece of list) {
      const features = extractFeatures(await piece.audio());
      if (details) log(describe(piece, features));
      outcomes.push(judge(features, piece.truth));
    }
    process.stdout.write(`${row(label, outcomes)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
