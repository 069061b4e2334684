/**
 * Writes the demo catalogue: audio files and manifest.json.
 * Usage: make-demo-catalogue.ts <outDir> [count] [--seconds N] [--seed S] [--format wav|mp3]
 */
import { generateDemoCatalogue } from '@originality/music-synth';

function parse(argv: string[]): {
  dir: string;
  count?: number;
  seconds?: number;
  seed?: string;
  format?: 'wav' | 'mp3';
} {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) flags[argv[i].slice(2)] = argv[++i] ?? '';
    else positional.push(argv[i]);
  }
  const [dir, count] = positional;
  if (!dir) throw new Error('usage: make-demo-catalogue <outDir> [count] [--seconds N] [--seed S] [--format wav|mp3]');
  const format = flags.format;
  if (format !== undefined && format !== 'wav' && format !== 'mp3') throw new Error('--format must be wav or mp3');
  const number = (text: string | undefined, name: string) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isFinite(n)) throw new Error(`${name} must be a number`);
    return n;
  };
  return { dir, count: number(count, 'count'), seconds: number(flags.seconds, '--seconds'), seed: flags.seed, format };
}

async function main(): Promise<void> {
  const { dir, ...options } = parse(process.argv.slice(2));
  const started = Date.now();
  const { manifestPath, entries } = await generateDemoCatalogue(dir, {
    ...options,
    onProgress: (done, total) => {
      if (done % 25 === 0 || done === total) process.stderr.write(`rendered ${done}/${total}\n`);
    },
  });
  console.log(`wrote ${entries.length} tracks and ${manifestPath} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
