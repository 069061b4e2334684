/**
 * Exact reuse of produced recordings, end to end through the analysis command line, as a user's catalogue would see
 * it: 20 Wesnoth recordings (Debian's wesnoth-1.16-music) imported with `catalog import`, then `analyse --json` of
 * excerpts made from them with ffmpeg — pitched ±1–3 semitones (and ±4–12, as a producer may shift a recording) and
 * played at 80–125 % speed (with rubberband, and again with ffmpeg's atempo; the rubberband speeds from a second
 * passage as well), resampled (pitch and speed together, 80–125 %), 5–12 s mixed as samples under HyperRogue's
 * tracks — and of non-copies under the same transforms (Wesnoth tracks outside the catalogue, Endgame: Singularity
 * tracks). Prints each query's top match and the counts: copies found at ≥ 80 with the right track, non-copies
 * flagged (≥ 60) and their highest score. It judges nothing; it prints figures.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/recordings_e2e \
 *     node tools/run-ts.mjs tools/eval/recordings-end-to-end.ts [--dir DIR]
 *
 * The database should be empty or hold only this catalogue (the command line creates it on first use). Needs the
 * Debian packages wesnoth-1.16-music, singularity-music and hyperrogue-music; nothing is downloaded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { mixSample, runFfmpeg } from '@originality/music-synth';
import { analysisCommand, REPO_ROOT } from '../analysis-cli';

const WESNOTH = '/usr/share/games/wesnoth/1.16/data/core/music';
const SINGULARITY = '/usr/share/games/singularity/music';
const HYPERROGUE = '/usr/share/hyperrogue/music';

const CATALOGUE = [
  'battle-epic',
  'battle',
  'breaking_the_chains',
  'casualties_of_war',
  'elvish-theme',
  'frantic',
  'heroes_rite',
  'into_the_shadows',
  'journeys_end',
  'knalgan_theme',
  'legends_of_the_north',
  'love_theme',
  'loyalists',
  'northern_mountains',
  'northerners',
  'nunc_dimittis',
  'return_to_wesnoth',
  'revelation',
  'siege_of_laurelmor',
  'silvan_sanctuary',
];
const OUTSIDE = [
  'the_king_is_dead',
  'wanderer',
  'vengeful',
  'weight_of_revenge',
  'traveling_minstrels',
  'the_deep_path',
  'suspense',
  'the_city_falls',
  'the_dangerous_symphony',
  'underground',
  'knolls',
  'frantic-old',
];
/** Backings for the samples: another composer's recordings (HyperRogue's, Debian's hyperrogue-music). */
const HYPERROGUE_TRACKS = ['hr3-caves', 'hr3-crossroads', 'hr3-desert', 'hr3-jungle', 'hr3-icyland', 'hr3-motion'];
/**
 * A sample: a stretch of a catalogue track from 40 s in, mixed at equal loudness (loudnorm) 5 s into 25 s of a
 * backing from 20 s in, its length cycling through SAMPLE_SECONDS.
 */
const SAMPLE = { sampleStartSec: 40, atSec: 5, backingSeconds: 25, backingStartSec: 20 };
const SAMPLE_SECONDS = [5, 8, 10, 12];
const SINGULARITY_TRACKS = ['A New Journey', 'Aberrations', 'Coherence', 'Enemy Unknown', 'Inevitable', 'Awakening'];

/** A copy is found when its own track tops the matches at FOUND_AT or more; a non-copy is flagged at FLAGGED_AT. */
const FOUND_AT = 80;
const FLAGGED_AT = 60;

/** Where an excerpt starts in its track, and how much of the track it takes (seconds). */
interface Excerpt {
  start: number;
  seconds: number;
}
const EXCERPT: Excerpt = { start: 30, seconds: 25 };
/** Slower copies are longer: 30 s of the track keeps each at least 24 s. */
const STRETCHED: Excerpt = { start: 30, seconds: 30 };
/** A second passage of each track for the speed copies, 32 s from 70 s in. */
const LATER: Excerpt = { start: 70, seconds: 32 };
/** Catalogue tracks too short for LATER (battle-epic lasts 74 s, revelation 78 s). */
const SHORT_TRACKS = new Set(['battle-epic', 'revelation']);

const COPY_GROUPS = [
  'pitched',
  'pitched-far',
  'speed',
  'speed-later',
  'resampled',
  'resampled-wide',
  'pitched-wsola',
  'speed-wsola',
  'sample',
] as const;
type Group = (typeof COPY_GROUPS)[number] | 'non-copy';

interface Query {
  file: string;
  group: Group;
  /** The catalogue track it copies; none for a non-copy. */
  source: string | null;
  transform: string;
}

const pitch = (semitones: number) => `rubberband=pitch=${2 ** (semitones / 12)}`;
const speed = (ratio: number) => `rubberband=tempo=${ratio}`;
const resample = (ratio: number) => `asetrate=44100*${ratio},aresample=44100`;
/**
 * The same transforms by another method than rubberband's phase vocoder: ffmpeg's atempo (overlap-add, WSOLA-like,
 * as sox and many editors stretch), and a pitch shift made of a resample and an atempo back to the original speed.
 */
const speedWsola = (ratio: number) => `atempo=${ratio}`;
const pitchWsola = (semitones: number) => `${resample(2 ** (semitones / 12))},atempo=${2 ** (-semitones / 12)}`;

async function excerpt(input: string, filter: string, { start, seconds }: Excerpt, out: string): Promise<void> {
  if (!existsSync(out))
    await runFfmpeg([
      '-ss',
      `${start}`,
      '-t',
      `${seconds}`,
      '-i',
      input,
      '-af',
      filter,
      '-ac',
      '2',
      '-b:a',
      '192k',
      out,
    ]);
}

async function makeQueries(dir: string): Promise<Query[]> {
  const queries: Query[] = [];
  const encodes: (() => Promise<void>)[] = [];
  const add = (
    input: string,
    group: Group,
    source: string | null,
    transform: string,
    filter: string,
    window = EXCERPT,
  ) => {
    const name = `${group}-${basename(input, '.ogg')}-${transform}`.replace(/[^\w.-]+/g, '_');
    const file = join(dir, `${name}.mp3`);
    encodes.push(() => excerpt(input, filter, window, file));
    queries.push({ file, group, source, transform });
  };
  const wesnoth = (track: string) => join(WESNOTH, `${track}.ogg`);
  const semitones = [-3, -2, -1, 1, 2, 3];
  CATALOGUE.forEach((t, i) => add(wesnoth(t), 'pitched', t, `${semitones[i % 6]} st`, pitch(semitones[i % 6]!)));
  // Beyond the ±3 semitones a cover plausibly moves: a producer's pitch shift of up to an octave.
  const far = [-9, -7, -5, -4, 4, 5, 7, 9, 12, -12];
  CATALOGUE.forEach((t, i) => add(wesnoth(t), 'pitched-far', t, `${far[i % 10]} st`, pitch(far[i % 10]!)));
  const speeds = [0.8, 0.88, 1.12, 1.25];
  CATALOGUE.forEach((t, i) => add(wesnoth(t), 'speed', t, `${speeds[i % 4]}×`, speed(speeds[i % 4]!), STRETCHED));
  for (const t of CATALOGUE.filter((t) => !SHORT_TRACKS.has(t)))
    for (const ratio of [0.8, 1.18, 1.25]) add(wesnoth(t), 'speed-later', t, `${ratio}×`, speed(ratio), LATER);
  const stretches = [0.8, 0.85, 0.9, 0.95, 1.05, 1.1, 1.18, 1.25];
  CATALOGUE.forEach((t, i) => {
    const ratio = stretches[i % stretches.length]!;
    add(wesnoth(t), 'speed-wsola', t, `${ratio}×`, speedWsola(ratio), STRETCHED);
    add(wesnoth(t), 'pitched-wsola', t, `${semitones[(i + 3) % 6]} st`, pitchWsola(semitones[(i + 3) % 6]!));
  });
  const rates = [0.94, 1.06, 0.9, 1.1, 0.97, 1.03];
  CATALOGUE.slice(0, 6).forEach((t, i) => add(wesnoth(t), 'resampled', t, `${rates[i]}×`, resample(rates[i]!)));
  // Played faster or slower by resampling (as a record or "nightcore"), to the ends of the plausible range:
  // 80 and 125 % are 3.86 semitones down and up.
  const wideRates = [0.8, 1.25, 0.82, 1.22, 0.85, 1.18];
  CATALOGUE.forEach((t, i) => {
    const ratio = wideRates[i % wideRates.length]!;
    add(wesnoth(t), 'resampled-wide', t, `${ratio}×`, resample(ratio), STRETCHED);
  });
  const nonCopy = [pitch(-2), pitch(3), speed(0.85), speed(1.15), speedWsola(1.2), pitchWsola(-1)];
  const labels = ['−2 st', '+3 st', '0.85×', '1.15×', '1.2× (WSOLA)', '−1 st (WSOLA)'];
  // OUTSIDE holds 12 tracks, so i % 6 gives the Singularity tracks the transforms it gave when they had a loop of
  // their own: the queries are the ones earlier runs made.
  [...OUTSIDE.map(wesnoth), ...SINGULARITY_TRACKS.map((t) => join(SINGULARITY, `${t}.ogg`))].forEach((file, i) => {
    const name = basename(file, '.ogg');
    add(file, 'non-copy', null, `${name}, ${labels[i % 6]}`, nonCopy[i % 6]!);
    const st = far[(i + 3) % far.length]!;
    add(file, 'non-copy', null, `${name}, ${st > 0 ? '+' : ''}${st} st`, pitch(st));
    const ratio = wideRates[i % wideRates.length]!;
    add(file, 'non-copy', null, `${name}, ${ratio}× resampled`, resample(ratio), STRETCHED);
  });
  CATALOGUE.forEach((t, i) => {
    const backing = HYPERROGUE_TRACKS[i % HYPERROGUE_TRACKS.length]!;
    const mix = { ...SAMPLE, source: wesnoth(t), sampleSeconds: SAMPLE_SECONDS[i % SAMPLE_SECONDS.length]! };
    const label = `${mix.sampleSeconds} s under ${backing}`;
    const file = join(dir, `sample-${t}-${label}.mp3`.replace(/[^\w.-]+/g, '_'));
    encodes.push(async () => {
      if (!existsSync(file)) await mixSample({ ...mix, backing: join(HYPERROGUE, `${backing}.ogg`) }, file);
    });
    queries.push({ file, group: 'sample', source: t, transform: label });
  });
  await runAtMost(availableParallelism(), encodes);
  return queries;
}

/** Runs the tasks with at most `limit` of them at once (an encode keeps a core busy). */
async function runAtMost(limit: number, tasks: readonly (() => Promise<void>)[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

function cli(args: string[]): string {
  const command = analysisCommand(args);
  const run = spawnSync(command.program, command.args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`analysis ${args[0]} failed`);
  return run.stdout;
}

async function importCatalogue(dir: string): Promise<void> {
  const manifest = await Promise.all(
    CATALOGUE.map(async (t) => {
      const file = join(dir, `${t}.mp3`);
      if (!existsSync(file)) await runFfmpeg(['-i', join(WESNOTH, `${t}.ogg`), '-ac', '2', '-b:a', '192k', file]);
      return { file, title: t, artist: 'Wesnoth', releaseYear: 2010, licence: 'GPL-2.0' };
    }),
  );
  const path = join(dir, 'manifest.json');
  writeFileSync(path, JSON.stringify(manifest));
  process.stderr.write(cli(['catalog', 'import', path]));
}

interface TopMatch {
  title: string;
  similarity: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  if (![WESNOTH, SINGULARITY, HYPERROGUE].every(existsSync)) {
    console.log(
      'The recordings are not installed: apt-get install wesnoth-1.16-music singularity-music hyperrogue-music',
    );
    return;
  }
  const dir = values.dir ?? '/tmp/originality-recordings-e2e';
  mkdirSync(join(dir, 'catalogue'), { recursive: true });
  mkdirSync(join(dir, 'queries'), { recursive: true });
  await importCatalogue(join(dir, 'catalogue'));
  const queries = await makeQueries(join(dir, 'queries'));
  const results = cli(['analyse', ...queries.map((q) => q.file), '--json'])
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { file: string; allMatches: TopMatch[] });
  const top = new Map(results.map((r) => [r.file, r.allMatches[0]]));
  const found = (q: Query) => top.get(q.file)?.title === q.source && (top.get(q.file)?.similarity ?? 0) >= FOUND_AT;
  const verdict = (q: Query): string => {
    if (q.source) return found(q) ? 'found' : 'MISSED';
    return (top.get(q.file)?.similarity ?? 0) >= FLAGGED_AT ? 'FLAGGED' : 'clear';
  };
  for (const q of queries) {
    const t = top.get(q.file);
    const row = [verdict(q).padEnd(7), q.group.padEnd(9), (q.source ?? '').padEnd(20), q.transform.padEnd(28)];
    console.log(`${row.join(' ')} top ${t?.title ?? '—'} ${t?.similarity ?? 0}`);
  }
  console.log('');
  for (const group of COPY_GROUPS) {
    const set = queries.filter((q) => q.group === group);
    console.log(`${group}: ${set.filter(found).length} of ${set.length} found at ≥ ${FOUND_AT}`);
  }
  const nonCopies = queries.filter((q) => q.group === 'non-copy').map((q) => top.get(q.file)?.similarity ?? 0);
  const flagged = nonCopies.filter((s) => s >= FLAGGED_AT).length;
  console.log(
    `non-copies: ${flagged} of ${nonCopies.length} flagged (≥ ${FLAGGED_AT}), highest ${Math.max(...nonCopies)}`,
  );
}

void main();
