/**
 * Writes the second synth's set as files for a spot check through the CLI: 20 reference WAVs with a manifest and
 * 34 queries (see set.ts).
 *
 *   node tools/run-ts.mjs tools/eval/second-synth/make-set.ts DIR
 *   DATABASE_URL=…/fresh npm run -s analysis -- catalog import DIR/manifest.json
 *   npm run -s analysis -- analyse DIR/queries/*.wav --json > results.jsonl
 *   node tools/eval/second-synth/summarise.mjs results.jsonl
 *
 * The same cases run in-process with `npm run -s analysis -- eval --source second-synth`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { encodeWav } from '@originality/music-synth';
import { secondSynthSet } from './set';
import { SECOND_SYNTH_RATE } from './synth';

const dir = process.argv[2];
if (!dir) throw new Error('usage: make-set.ts DIR');
mkdirSync(`${dir}/refs`, { recursive: true });
mkdirSync(`${dir}/queries`, { recursive: true });
const set = secondSynthSet(20, 4);
const manifest = set.references.map(({ index, render }) => {
  writeFileSync(`${dir}/refs/r${index}.wav`, encodeWav(render(), SECOND_SYNTH_RATE));
  return { file: `refs/r${index}.wav`, title: `Ref ${index}`, artist: 'Indep', releaseYear: 2020 };
});
writeFileSync(`${dir}/manifest.json`, JSON.stringify(manifest));
for (const query of set.queries)
  writeFileSync(`${dir}/queries/${query.name}.wav`, encodeWav(query.render(), SECOND_SYNTH_RATE));
console.log('ok');
