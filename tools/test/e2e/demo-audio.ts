// Renders the audio of the upload browser test into <dir>: a small demo catalogue (with its manifest,
// which the e2e setup imports) and one original piece composed from another seed, so it is in no
// catalogue. Prints {manifestPath, copy, original} as JSON on stdout.
import { join } from 'node:path';
import { generateDemoCatalogue } from '@originality/music-synth';

const CATALOGUE_TRACKS = 4;
const SECONDS = 30;

async function main(dir: string): Promise<void> {
  const catalogue = await generateDemoCatalogue(join(dir, 'catalogue'), {
    count: CATALOGUE_TRACKS,
    seconds: SECONDS,
    seed: 'e2e-catalogue',
  });
  const original = await generateDemoCatalogue(join(dir, 'original'), {
    count: 1,
    seconds: SECONDS,
    seed: 'e2e-original',
  });
  const copy = catalogue.entries[1]!;
  process.stdout.write(
    JSON.stringify({
      manifestPath: catalogue.manifestPath,
      copy: { path: join(dir, 'catalogue', copy.file), title: copy.title, artist: copy.artist },
      original: { path: join(dir, 'original', original.entries[0]!.file) },
    }),
  );
}

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node tools/run-ts.mjs tools/test/e2e/demo-audio.ts <dir>\n');
  process.exit(2);
}
main(dir).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
