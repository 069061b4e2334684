/**
 * Measuring tool (not part of the evaluation): could the chord progression's transform (the two keys' difference,
 * and the tempo of the aligned chord spans) stand in for the harmony alignment's when a melody agrees with it? For
 * every case of a source's split against every catalogue track it prints one JSON line: the melody's, the harmony's
 * and the chord progression's chance in the catalogue, the melody's and the chords' transforms, and whether the
 * melody's transform agrees with the chords' and with the harmony's (as calibrate.ts's transformsAgree reads them).
 * `node tools/run-ts.mjs tools/eval/null/transform-coincidence.ts arrangements tuning > pairs.jsonl` (≈ 3 min; own ≈ 5 min)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calibrateComparison, compareTracks, extractFeatures, transformsAgree } from '@originality/music-analysis';
import { indexCatalogue } from '../source-eval';
import { SOURCES } from '../sources/all';
import type { SourceName, Split } from '../sources/source';

async function main(): Promise<void> {
  const [name, split] = process.argv.slice(2) as [SourceName, Split];
  const built = await SOURCES[name].build({
    size: 'full',
    split,
    tmp: mkdtempSync(join(tmpdir(), 'transform-coincidence-')),
    log: () => undefined,
  });
  const { index, features } = await indexCatalogue(built.references, split, name, () => undefined);
  const model = index.nullModel();
  const n = index.size;
  for (const c of built.cases) {
    const q = extractFeatures(await c.audio());
    for (const [id, ref] of features) {
      const cal = calibrateComparison(compareTracks(q, ref, index.priorArt), model, n);
      const d = (k: string) => cal.dimensions.find((x) => x.dimension === k);
      const mel = d('melody');
      const har = d('harmony');
      const ch = d('chordProgression');
      console.log(
        JSON.stringify({
          case: c.id,
          kind: c.kind,
          related: id === c.referenceId,
          ref: id,
          similarity: cal.similarity,
          melody: mel?.chance?.inCatalogue ?? null,
          harmony: har?.chance?.inCatalogue ?? null,
          chords: ch?.chance?.inCatalogue ?? null,
          melodyTransform: mel?.transform ? [mel.transform.transpositionSemitones, mel.transform.tempoRatio] : null,
          chordsTransform: ch?.transform ? [ch.transform.transpositionSemitones, ch.transform.tempoRatio] : null,
          melodyChords: transformsAgree(mel?.transform, ch?.transform),
          melodyHarmony: transformsAgree(mel?.transform, har?.transform),
        }),
      );
    }
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
