/**
 * Measuring tool (not part of the evaluation): the robustness curve's sample queries (robustness.ts samplePoints:
 * a stretch of a catalogue piece from 8 s on, mixed at equal loudness at 6 s into a 20 s excerpt of another piece),
 * written with the catalogue's landmarks in dump-landmarks.ts's JSON-lines format for pair-stats.ts:
 * `node tools/run-ts.mjs tools/bench/sample-dump.ts /tmp/sdiag [pieces] [lengths]` (lengths comma-separated, in
 * seconds; default 6 pieces, 3,4,5,6,8,10 s). With CLEAN=1 in the environment the backing is muted, to tell the
 * landmarks the backing masks from those the scoring misses.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeAudio, extractFingerprints } from '@originality/music-analysis';
import { generateDemoCatalogue, runFfmpeg } from '@originality/music-synth';
import { queryRecord, storedRecord } from '../eval/null/landmark-record';

async function main(): Promise<void> {
  const [dir, piecesArg, lengthsArg] = process.argv.slice(2);
  const pieces = Number(piecesArg ?? 6);
  const lengths = (lengthsArg ?? '3,4,5,6,8,10').split(',').map(Number);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'samples.jsonl');
  writeFileSync(file, '');
  const write = (row: object) => appendFileSync(file, `${JSON.stringify(row)}\n`);
  const catalogueDir = join(dir, 'catalogue');
  const { entries } = await generateDemoCatalogue(catalogueDir, { count: 24, seed: 'robustness' });
  for (const [i, entry] of entries.entries()) {
    const audio = await decodeAudio(join(catalogueDir, entry.file));
    const fp = extractFingerprints(audio);
    write({
      role: 'ref',
      id: `piece-${i}`,
      sec: audio.durationSec,
      ...storedRecord(fp),
    });
  }
  const backingDir = join(dir, 'backing');
  const backing = await generateDemoCatalogue(backingDir, { count: pieces, seed: 'robustness-backing' });
  for (const sec of lengths)
    for (let p = 0; p < pieces; p++) {
      const out = join(dir, `sample-${sec}-${p}.wav`);
      await runFfmpeg([
        '-i',
        join(backingDir, backing.entries[p]!.file),
        '-i',
        join(catalogueDir, entries[p]!.file),
        '-filter_complex',
        `[0:a]atrim=0:20,loudnorm=I=-20${process.env.CLEAN ? ',volume=0' : ''}[b];[1:a]atrim=8:${8 + sec},asetpts=PTS-STARTPTS,loudnorm=I=-20,adelay=6000[s];` +
          `[b][s]amix=inputs=2:duration=first[m]`,
        '-map',
        '[m]',
        out,
      ]);
      const audio = await decodeAudio(out);
      const fp = extractFingerprints(audio);
      write({
        role: 'query',
        id: `sample-${sec}-${p}`,
        kind: 'sample',
        referenceId: `piece-${p}`,
        pieceId: `piece-${p}`,
        shouldMatch: true,
        sec: audio.durationSec,
        ...queryRecord(fp),
      });
    }
}

void main();
