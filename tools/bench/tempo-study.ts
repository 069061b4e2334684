/**
 * Tempo Acc1 (within 4 % of the written tempo) over the onset envelopes and melodies tempo-envelopes.ts wrote, per
 * source, with every miss; `--all` lists the right readings too. The tempo is the one the engine reports: the onsets'
 * reading (readTempo) with the melody's say on the beat level (tempoForMelody). Reads in seconds what `tempo-key`
 * reads in minutes, for studying tempo estimation on the tuning split.
 *
 *   node tools/run-ts.mjs tools/bench/tempo-study.ts ENVELOPES.jsonl [--source demo,openmsx-tuning] [--all]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readTempo, tempoForMelody } from '@originality/music-analysis';
import type { EnvelopeRecord } from './tempo-envelopes';
import { nearTempo } from './truth-pieces';

function envelopeOf(record: EnvelopeRecord): Float32Array {
  const raw = Buffer.from(record.env, 'base64');
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { source: { type: 'string' }, all: { type: 'boolean', default: false } },
  });
  const [file] = positionals;
  if (!file) throw new Error('usage: tempo-study.ts ENVELOPES.jsonl [--source a,b] [--all]');
  const only = values.source?.split(',');
  const records = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as EnvelopeRecord)
    .filter((r) => !only || only.includes(r.source));
  const tally = new Map<string, { n: number; right: number }>();
  for (const record of records) {
    const { tempoBpm, tempoAlternativeBpm } = tempoForMelody(
      readTempo(envelopeOf(record), record.fps),
      record.noteStarts,
    );
    const right = nearTempo(tempoBpm, record.bpm);
    const counts = tally.get(record.source) ?? { n: 0, right: 0 };
    counts.n++;
    if (right) counts.right++;
    tally.set(record.source, counts);
    if (!right || values.all) {
      const alternative = tempoAlternativeBpm ? ` (or ${tempoAlternativeBpm})` : '';
      const ratio = (tempoBpm / record.bpm).toFixed(3);
      console.log(
        `  ${right ? 'right' : 'miss'} ${record.source} ${record.name}: ${record.bpm} → ${tempoBpm}${alternative} (×${ratio})`,
      );
    }
  }
  for (const [source, { n, right }] of tally)
    console.log(`${source}: Acc1 ${right}/${n} (${((100 * right) / n).toFixed(0)} %)`);
}

main();
