/**
 * The onset envelope and the melody's note onsets of every piece with a known tempo (truth-pieces.ts: the tempo-key
 * pieces), written to a JSON-lines file, so that tempo estimation can be studied in seconds (tempo-study.ts) without
 * rendering and decoding again:
 *
 *   node tools/run-ts.mjs tools/bench/tempo-envelopes.ts OUT.jsonl [--split tuning|held-out]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ANALYSIS_SAMPLE_RATE, extractMelody, frameRate, onsetStrength, stft } from '@originality/music-analysis';
import { truthSets } from './truth-pieces';

/** One line of the output: a piece's source, name and written tempo, and its onset envelope (float32, base64). */
export interface EnvelopeRecord {
  /** The truth set's id (truth-pieces.ts). */
  source: string;
  name: string;
  bpm: number;
  /** Envelope frames per second. */
  fps: number;
  env: string;
  /** The melody's note onsets in seconds, which have their say on the beat level (tempoForMelody). */
  noteStarts: number[];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { split: { type: 'string', default: 'tuning' } },
  });
  const [out] = positionals;
  const split = values.split;
  if (!out || (split !== 'tuning' && split !== 'held-out'))
    throw new Error('usage: tempo-envelopes.ts OUT.jsonl [--split tuning|held-out]');
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const lines: string[] = [];
  for (const { id, pieces } of truthSets({ pieces: 40, seed: 'tempo-key', split, log })) {
    for (const piece of pieces) {
      const spec = stft((await piece.audio()).samples, ANALYSIS_SAMPLE_RATE);
      const env = onsetStrength(spec);
      const record: EnvelopeRecord = {
        source: id,
        name: piece.name,
        bpm: piece.truth.bpm,
        fps: frameRate(spec),
        env: Buffer.from(env.buffer, env.byteOffset, env.byteLength).toString('base64'),
        noteStarts: extractMelody(spec).map((note) => note.start),
      };
      lines.push(JSON.stringify(record));
    }
    log(`${id}: ${pieces.length} pieces`);
  }
  writeFileSync(out, `${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
