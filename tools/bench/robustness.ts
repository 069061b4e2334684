/**
 * The robustness curve: where the engine stops recognising a catalogue recording. For each transform of a
 * catalogue piece — pitch shifted −12…+12 semitones (tempo kept), speed 50–150 % (pitch kept), and a sample of
 * 1–20 s mixed at equal loudness under a piece the catalogue does not hold — it prints the share of queries whose
 * top match is the source (top-1), of those found at similarity ≥ 80 (the target measure), their median
 * similarity, and the exact-audio similarity. Without --quick it prints the full grid (pitch every semitone, 14
 * speeds, 8 sample lengths).
 *
 *   npm run -s analysis -- robustness [--pieces N] [--quick] [--only pitch|speed|sample]
 *                                     [--source own|recordings] [--split tuning|held-out]
 *
 * --source own (default): pieces from the in-repo synthesiser (demo catalogue seed 'robustness', 30 s each); the
 * catalogue holds them and 20 others. --source recordings: produced recordings by other composers (the evaluation's
 * 'recordings' source, Debian's game-music packages); the catalogue holds its catalogued recordings whole, each
 * query is made from 30 s of one of them (from 30 s in, past most intros) and samples go under 20 s of an
 * uncatalogued one. Its queries come from one split of the source (--split, default tuning). --quick measures a few
 * points of each curve (for a loaded machine); --only one curve.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CatalogueIndex,
  decodeAudio,
  extractFeatures,
  type ReferenceComparison,
  type ReferenceMeta,
} from '@originality/music-analysis';
import { DEMO_PLATFORM, generateDemoCatalogue, runFfmpeg } from '@originality/music-synth';
import { recordings, recordingsSource } from '../eval/sources/recordings';
import { splitOf, type Split } from '../eval/sources/source';

const CATALOGUE_SIZE = 24;
const USAGE =
  'usage: robustness [--pieces N (1–24, default 4)] [--quick] [--only pitch|speed|sample]\n' +
  '                  [--source own|recordings] [--split tuning|held-out]\n' +
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

/** A catalogue to match against and the pieces queries are made from. */
interface Subjects {
  catalogue: { id: string; meta: ReferenceMeta; file: string }[];
  /** Each query's source (the catalogue's `id`), the file its transforms are made from and a backing for samples. */
  queries: { id: string; source: string; backing: string }[];
}

/** The in-repo synthesiser's pieces: 24 catalogued, the first `pieces` queried, under as many uncatalogued ones. */
async function ownSubjects(dir: string, pieces: number): Promise<Subjects> {
  const catalogueDir = join(dir, 'catalogue');
  const { entries } = await generateDemoCatalogue(catalogueDir, { count: CATALOGUE_SIZE, seed: 'robustness' });
  const backingDir = join(dir, 'backing');
  const backing = await generateDemoCatalogue(backingDir, { count: pieces, seed: 'robustness-backing' });
  return {
    catalogue: entries.map((entry, i) => ({
      id: `piece-${i}`,
      meta: { title: entry.title, artist: entry.artist, platform: DEMO_PLATFORM },
      file: join(catalogueDir, entry.file),
    })),
    queries: backing.entries.map((entry, i) => ({
      id: `piece-${i}`,
      source: join(catalogueDir, entries[i]!.file),
      backing: join(backingDir, entry.file),
    })),
  };
}

/** Where a recording's query source and a backing are cut (s): past most intros, as the evaluation's cases. */
const RECORDING_QUERY = { start: 30, seconds: 30 };
const RECORDING_BACKING = { start: 30, seconds: 20 };

/**
 * Produced recordings by other composers: every catalogued one whole in the catalogue, `pieces` of one split's
 * queried (30 s of each), samples under uncatalogued ones in turn.
 */
async function recordingSubjects(dir: string, pieces: number, split: Split): Promise<Subjects> {
  const unavailable = recordingsSource.unavailable?.();
  if (unavailable) throw new Error(`the recordings source is unavailable: ${unavailable}`);
  const all = recordings();
  const catalogue = await Promise.all(
    all
      .filter((r) => r.catalogued)
      .map(async (r) => ({
        id: r.id,
        meta: { title: r.title, artist: r.artist, platform: 'Debian game music' },
        file: await r.file(),
      })),
  );
  const sources = all.filter((r) => r.catalogued && splitOf('recordings', r.id) === split).slice(0, pieces);
  const backings = all.filter((r) => !r.catalogued);
  if (sources.length < pieces) throw new Error(`the ${split} split holds ${sources.length} catalogued recordings`);
  const cut = async (file: string, at: { start: number; seconds: number }, out: string) => {
    await runFfmpeg(['-ss', String(at.start), '-t', String(at.seconds), '-i', file, '-ac', '1', out]);
    return out;
  };
  const queries = [];
  for (const [i, recording] of sources.entries()) {
    const backing = backings[i % backings.length]!;
    queries.push({
      id: recording.id,
      source: await cut(await recording.file(), RECORDING_QUERY, join(dir, `source-${i}.wav`)),
      backing: await cut(await backing.file(), RECORDING_BACKING, join(dir, `backing-${i}.wav`)),
    });
  }
  return { catalogue, queries };
}

interface Options {
  pieces: number;
  quick: boolean;
  curves: CurveName[];
  source: 'own' | 'recordings';
  split: Split;
}

type CurveName = 'pitch' | 'speed' | 'sample';

function parseOptions(args: string[]): Options {
  const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const pieces = Number(value('--pieces') ?? 4);
  if (!Number.isInteger(pieces) || pieces < 1 || pieces > CATALOGUE_SIZE) throw new Error('--pieces must be 1–24');
  const only = value('--only');
  if (only !== undefined && !['pitch', 'speed', 'sample'].includes(only))
    throw new Error('--only takes pitch, speed or sample');
  const source = value('--source') ?? 'own';
  if (source !== 'own' && source !== 'recordings') throw new Error('--source takes own or recordings');
  const split = value('--split') ?? 'tuning';
  if (split !== 'tuning' && split !== 'held-out') throw new Error('--split takes tuning or held-out');
  return {
    pieces,
    quick: args.includes('--quick'),
    curves: only ? [only as CurveName] : ['pitch', 'speed', 'sample'],
    source,
    split,
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    process.stdout.write(USAGE);
    return;
  }
  const options = parseOptions(args);
  const dir = mkdtempSync(join(tmpdir(), 'originality-robustness-'));
  try {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const subjects =
      options.source === 'own'
        ? await ownSubjects(dir, options.pieces)
        : await recordingSubjects(dir, options.pieces, options.split);
    log(`analysing the catalogue (${subjects.catalogue.length} ${options.source === 'own' ? 'pieces' : 'recordings'})`);
    const index = new CatalogueIndex();
    for (const entry of subjects.catalogue)
      index.add({ id: entry.id, meta: entry.meta, features: extractFeatures(await decodeAudio(entry.file)) });
    process.stdout.write(
      '| transform | top-1 | top-1 at ≥ 80 | median similarity | median exact audio |\n| --- | --- | --- | --- | --- |\n',
    );
    const curves = { pitch: pitchPoints, speed: speedPoints, sample: samplePoints };
    for (const point of options.curves.flatMap((name) => curves[name](options.quick)))
      process.stdout.write(`| ${(await measure(point, subjects, index, dir)).join(' | ')} |\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One row of the curve: every query source through `point`, matched against the catalogue. */
async function measure(point: Point, subjects: Subjects, index: CatalogueIndex, dir: string): Promise<string[]> {
  const similarities: number[] = [];
  const exact: number[] = [];
  let top1 = 0;
  let strong = 0;
  for (const query of subjects.queries) {
    const out = join(dir, 'query.wav');
    await runFfmpeg(point.make(query.source, query.backing, out));
    const matches: ReferenceComparison[] = index.match(extractFeatures(await decodeAudio(out)));
    const own = matches.find((m) => m.referenceId === query.id);
    if (matches[0]?.referenceId === query.id) {
      top1++;
      if (matches[0].similarity >= STRONG_SIMILARITY) strong++;
    } else {
      const top = matches[0] ? `${matches[0].referenceId} at ${matches[0].similarity}` : 'nothing';
      process.stderr.write(`  ${point.label}: ${query.id} at ${own?.similarity ?? 0}, top ${top}\n`);
    }
    similarities.push(own?.similarity ?? 0);
    exact.push(own?.dimensions.find((d) => d.dimension === 'exactAudio')?.similarity ?? 0);
  }
  const n = subjects.queries.length;
  return [point.label, `${top1}/${n}`, `${strong}/${n}`, median(similarities).toFixed(0), median(exact).toFixed(0)];
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
