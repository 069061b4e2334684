/**
 * The robustness curve: where the engine stops recognising a catalogue recording. For each transform of a
 * catalogue piece — pitch shifted −12…+12 semitones (tempo kept), speed 50–150 % (pitch kept), and a sample of
 * 1–20 s mixed at equal loudness under a piece the catalogue does not hold — it prints the share of queries whose
 * top match is the source (top-1), of those found at similarity ≥ 80 (the target measure), their median
 * similarity, and the exact-audio similarity. Without --quick it prints the full grid (pitch every semitone, 14
 * speeds, 8 sample lengths).
 *
 *   npm run -s analysis -- robustness [--pieces N] [--quick] [--only pitch|speed|sample]
 *
 * Pieces come from the in-repo synthesiser (demo catalogue seed 'robustness', 30 s each); the catalogue holds
 * them and 20 others. --quick measures a few points of each curve (for a loaded machine); --only one curve.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueIndex, decodeAudio, extractFeatures, type ReferenceComparison } from '@originality/music-analysis';
import { DEMO_PLATFORM, generateDemoCatalogue, runFfmpeg } from '@originality/music-synth';

const CATALOGUE_SIZE = 24;
const USAGE =
  'usage: robustness [--pieces N (1–24, default 4)] [--quick] [--only pitch|speed|sample]\n' +
  '  prints | transform | top-1 | top-1 at ≥ 80 | median similarity | median exact audio | for the full grid\n' +
  '  (pitch −12…+12 semitones, speed 50–150 %, samples 1–20 s), or a few points of each with --quick\n';
/** The similarity a found copy must reach to count (issue #9's target: top-1 at similarity ≥ 80). */
const STRONG_SIMILARITY = 80;

interface Point {
  label: string;
  /** ffmpeg arguments making the query from the source file (and, for samples, the backing file). */
  make: (source: string, backing: string, out: string) => string[];
}

const rubberband = (filter: string) => ['-af', `rubberband=${filter}`];

function pitchPoints(quick: boolean): Point[] {
  const steps = quick ? [-12, -6, -3, -1, 1, 3, 6, 12] : Array.from({ length: 25 }, (_, i) => i - 12);
  return steps.map((st) => ({
    label: `pitch ${st > 0 ? '+' : ''}${st} st`,
    make: (source, _b, out) => ['-i', source, ...rubberband(`pitch=${(2 ** (st / 12)).toFixed(6)}`), out],
  }));
}

function speedPoints(quick: boolean): Point[] {
  const speeds = quick ? [50, 80, 94, 106, 125, 150] : [50, 60, 70, 80, 85, 90, 94, 100, 106, 110, 115, 125, 135, 150];
  return speeds.map((pct) => ({
    label: `speed ${pct} %`,
    make: (source, _b, out) => ['-i', source, ...rubberband(`tempo=${pct / 100}`), out],
  }));
}

/** A stretch of the source from 8 s on, mixed at equal loudness into a 20 s excerpt of the backing piece at 6 s. */
function samplePoints(quick: boolean): Point[] {
  const lengths = quick ? [1, 5, 10, 20] : [1, 2, 3, 5, 8, 10, 15, 20];
  return lengths.map((sec) => ({
    label: `sample ${sec} s`,
    make: (source, backing, out) => [
      '-i',
      backing,
      '-i',
      source,
      '-filter_complex',
      `[0:a]atrim=0:20,loudnorm=I=-20[b];[1:a]atrim=8:${8 + sec},asetpts=PTS-STARTPTS,loudnorm=I=-20,adelay=6000[s];` +
        `[b][s]amix=inputs=2:duration=first[m]`,
      '-map',
      '[m]',
      out,
    ],
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    process.stdout.write(USAGE);
    return;
  }
  const quick = args.includes('--quick');
  const at = args.indexOf('--pieces');
  const pieces = at >= 0 ? Number(args[at + 1]) : 4;
  if (!Number.isInteger(pieces) || pieces < 1 || pieces > CATALOGUE_SIZE) throw new Error('--pieces must be 1–24');
  const dir = mkdtempSync(join(tmpdir(), 'originality-robustness-'));
  try {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    log(`rendering and analysing the catalogue (${CATALOGUE_SIZE} pieces)`);
    const catalogueDir = join(dir, 'catalogue');
    const { entries } = await generateDemoCatalogue(catalogueDir, { count: CATALOGUE_SIZE, seed: 'robustness' });
    const index = new CatalogueIndex();
    for (const [i, entry] of entries.entries()) {
      const features = extractFeatures(await decodeAudio(join(catalogueDir, entry.file)));
      index.add({
        id: `piece-${i}`,
        meta: { title: entry.title, artist: entry.artist, platform: DEMO_PLATFORM },
        features,
      });
    }
    const backingDir = join(dir, 'backing');
    const backing = await generateDemoCatalogue(backingDir, { count: pieces, seed: 'robustness-backing' });
    process.stdout.write(
      '| transform | top-1 | top-1 at ≥ 80 | median similarity | median exact audio |\n| --- | --- | --- | --- | --- |\n',
    );
    const curves = { pitch: pitchPoints(quick), speed: speedPoints(quick), sample: samplePoints(quick) };
    const only = args.indexOf('--only');
    const chosen =
      only >= 0 ? [args[only + 1] as keyof typeof curves] : (Object.keys(curves) as (keyof typeof curves)[]);
    if (chosen.some((name) => !curves[name])) throw new Error('--only takes pitch, speed or sample');
    for (const point of chosen.flatMap((name) => curves[name])) {
      const similarities: number[] = [];
      const exact: number[] = [];
      let top1 = 0;
      let strong = 0;
      for (let p = 0; p < pieces; p++) {
        const out = join(dir, `query-${p}.wav`);
        await runFfmpeg(
          point.make(join(catalogueDir, entries[p]!.file), join(backingDir, backing.entries[p]!.file), out),
        );
        const matches: ReferenceComparison[] = index.match(extractFeatures(await decodeAudio(out)));
        const own = matches.find((m) => m.referenceId === `piece-${p}`);
        if (matches[0]?.referenceId === `piece-${p}`) {
          top1++;
          if (matches[0].similarity >= STRONG_SIMILARITY) strong++;
        }
        similarities.push(own?.similarity ?? 0);
        exact.push(own?.dimensions.find((d) => d.dimension === 'exactAudio')?.similarity ?? 0);
      }
      const row = [
        point.label,
        `${top1}/${pieces}`,
        `${strong}/${pieces}`,
        median(similarities).toFixed(0),
        median(exact).toFixed(0),
      ];
      process.stdout.write(`| ${row.join(' | ')} |\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
