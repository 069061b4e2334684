/**
 * Measuring tool (not part of the evaluation): writes the landmarks of every catalogue track and query of a case
 * source's split to a JSON-lines file, so exact-audio scoring rules can be measured on every query–reference pair
 * without extracting again: `node tools/run-ts.mjs tools/eval/null/dump-landmarks.ts own,effects /tmp/lm`.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractFingerprints } from '@originality/music-analysis';
import { SOURCES } from '../sources/all';
import type { SourceName } from '../sources/source';
import { queryRecord, storedRecord } from './landmark-record';

async function main(): Promise<void> {
  const [names, outDir] = process.argv.slice(2);
  mkdirSync(outDir, { recursive: true });
  for (const name of names.split(',') as SourceName[]) {
    const tmp = mkdtempSync(join(tmpdir(), `lm-${name}-`));
    const file = join(outDir, `${name}.jsonl`);
    writeFileSync(file, '');
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const built = await SOURCES[name].build({ size: 'full', split: 'tuning', tmp, log });
    const write = (row: object) => appendFileSync(file, `${JSON.stringify(row)}\n`);
    for (const [i, r] of built.references.entries()) {
      const audio = await r.audio();
      const fp = extractFingerprints(audio);
      write({ role: 'ref', id: r.id, sec: audio.durationSec, ...storedRecord(fp) });
      if ((i + 1) % 20 === 0) log(`${name}: refs ${i + 1}/${built.references.length}`);
    }
    for (const [i, c] of built.cases.entries()) {
      const audio = await c.audio();
      const fp = extractFingerprints(audio);
      write({
        role: 'query',
        id: c.id,
        kind: c.kind,
        variant: c.variant,
        referenceId: c.referenceId,
        pieceId: c.pieceId,
        shouldMatch: c.shouldMatch,
        sec: audio.durationSec,
        ...queryRecord(fp),
      });
      if ((i + 1) % 10 === 0) log(`${name}: cases ${i + 1}/${built.cases.length}`);
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}

void main();
