/**
 * Speed work without changed results: `node tools/run-ts.mjs tools/bench/speed-check.ts [--dir DIR]
 * [--digest FILE] [--time N] [--profile FILE]`.
 *
 * --digest writes, one JSON line each, what the engine computes for a fixed set of audio: the features of 30 demo
 * catalogue pieces (SHA-256 of their serialised form, every float bit for bit), and for each query file (the bench's
 * 3-minute MP3, a catalogue piece, the same pitched +2 semitones and played 10 % faster, two pieces outside the
 * catalogue) its features, every candidate comparison (CatalogueIndex.match) and the results of analyseFile
 * (streamed decode, two threads), analyseAudio and matchAndScore. It exits with 1 when the three paths disagree.
 * Two digests of two code versions are compared with `diff`.
 *
 * --time N times N warm analyseFile runs of the 3-minute MP3 after a cold one and prints each, their median
 * and ffmpeg's decode time (the bench's ratio). The audio is rendered once into DIR and reused.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import {
  analyseAudio,
  analyseFile,
  CatalogueIndex,
  decodeAudio,
  extractFeatures,
  featuresFromBuffer,
  featuresToBuffer,
  matchAndScore,
  type TrackFeatures,
} from '@originality/music-analysis';
import {
  applyFilter,
  DEMO_PLATFORM,
  generateDemoCatalogue,
  pitchShiftFilter,
  speedFilter,
  type ManifestEntry,
} from '@originality/music-synth';
import { ffmpegDecodeTime, medianRun, renderQueryMp3, timedAnalysis } from './bench-audio';
import { log } from './child';

const CATALOGUE_SIZE = 30;
const OUTSIDE_PIECES = 2;

interface Options {
  dir: string;
  digest?: string;
  timeRuns: number;
  /** A CPU profile (.cpuprofile) of the whole single-threaded analysis of the MP3's decoded audio, 3 warm runs. */
  profile?: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { dir: '/tmp/originality-speed-check', timeRuns: 0 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--dir') options.dir = value;
    else if (flag === '--digest') options.digest = value;
    else if (flag === '--profile') options.profile = value;
    else if (flag === '--time' && /^\d+$/.test(value)) options.timeRuns = Number(value);
    else throw new Error(`unknown argument ${flag} ${value}`);
  }
  return options;
}

/** Renders (once) the catalogue pieces, the pieces outside it, the query MP3 and the transformed copies. */
async function audioSet(dir: string): Promise<{ catalogue: string[]; queries: string[] }> {
  const catalogue = await demoPieces(join(dir, 'catalogue'), CATALOGUE_SIZE, 'bench');
  const outside = await demoPieces(join(dir, 'outside'), OUTSIDE_PIECES, 'speed-check-outside');
  const mp3 = join(dir, 'query.mp3');
  if (!existsSync(mp3)) await renderQueryMp3(dir);
  const pitched = join(dir, 'pitched.wav');
  if (!existsSync(pitched)) await applyFilter(catalogue[3]!, pitchShiftFilter(2), pitched, ['-y']);
  const faster = join(dir, 'faster.wav');
  if (!existsSync(faster)) await applyFilter(catalogue[7]!, speedFilter(1.1), faster, ['-y']);
  return { catalogue, queries: [mp3, catalogue[0]!, pitched, faster, ...outside] };
}

async function demoPieces(dir: string, count: number, seed: string): Promise<string[]> {
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) {
    log(`rendering ${count} demo pieces (seed ${seed})`);
    mkdirSync(dir, { recursive: true });
    await generateDemoCatalogue(dir, { count, seed });
  }
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as ManifestEntry[];
  return entries.map((entry) => join(dir, entry.file));
}

/**
 * The catalogue index of the pieces' features, extracted here, or (timing only) read from the features an earlier
 * run saved in DIR: timing two code versions one after the other then costs no extraction.
 */
async function catalogueIndex(files: string[], out: (line: object) => void, cache?: string): Promise<CatalogueIndex> {
  const index = new CatalogueIndex();
  for (const [i, file] of files.entries()) {
    const cached = cache && join(cache, `${i}.features`);
    const features =
      cached && existsSync(cached)
        ? featuresFromBuffer(readFileSync(cached))
        : extractFeatures(await decodeAudio(file));
    if (cached) writeFileSync(cached, featuresToBuffer(features));
    out({ catalogue: i, features: featuresDigest(features) });
    index.add({ id: `demo-${i}`, meta: { title: `piece ${i}`, artist: 'demo', platform: DEMO_PLATFORM }, features });
  }
  return index;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const featuresDigest = (features: TrackFeatures) => sha256(featuresToBuffer(features));

/** The digest lines of one query; false when its three analysis paths disagree. */
async function queryDigest(file: string, index: CatalogueIndex, out: (line: object) => void): Promise<boolean> {
  const pcm = await decodeAudio(file);
  const features = extractFeatures(pcm);
  const matches = index.match(features);
  const streamed = JSON.stringify(await analyseFile(file, index));
  const decoded = JSON.stringify(await analyseAudio(pcm, index));
  const single = JSON.stringify(matchAndScore(features, index));
  out({ file, features: featuresDigest(features), matches });
  out({ file, results: JSON.parse(streamed) as unknown });
  const agree = streamed === decoded && decoded === single;
  if (!agree) log(`${file}: analyseFile, analyseAudio and matchAndScore disagree`);
  return agree;
}

async function timing(mp3: string, index: CatalogueIndex, runs: number): Promise<void> {
  const decodeMs = await ffmpegDecodeTime(mp3);
  const cold = await timedAnalysis(mp3, index);
  log(`cold ${cold.totalMs.toFixed(0)} ms`);
  const cpuMs: number[] = [];
  const warm = await medianRun(async () => {
    const cpuBefore = process.cpuUsage();
    const faultsBefore = process.resourceUsage().minorPageFault;
    const run = await timedAnalysis(mp3, index);
    const cpu = process.cpuUsage(cpuBefore);
    const faults = process.resourceUsage().minorPageFault - faultsBefore;
    cpuMs.push((cpu.user + cpu.system) / 1000);
    const stages = Object.entries(run.stagesMs).map(([stage, ms]) => `${stage} ${ms.toFixed(0)}`);
    log(
      `warm ${run.totalMs.toFixed(0)} ms, CPU ${cpuMs[cpuMs.length - 1]!.toFixed(0)} ms ` +
        `(system ${(cpu.system / 1000).toFixed(0)}), ${faults} page faults (${stages.join(', ')})`,
    );
    return run;
  }, runs);
  const ratio = warm.totalMs / decodeMs;
  const medianCpu = cpuMs.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
  process.stdout.write(
    `median warm ${warm.totalMs.toFixed(0)} ms (CPU of both threads ${medianCpu.toFixed(0)} ms), ` +
      `ffmpeg decode ${decodeMs.toFixed(0)} ms, ratio ${ratio.toFixed(2)}×\n`,
  );
}

const PROFILED_RUNS = 3;

/** extractFeatures + matchAndScore on this thread (all the CPU work of an analysis but the decode), profiled. */
async function profile(file: string, index: CatalogueIndex, out: string): Promise<void> {
  const pcm = await decodeAudio(file);
  matchAndScore(extractFeatures(pcm), index);
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  for (let i = 0; i < PROFILED_RUNS; i++) matchAndScore(extractFeatures(pcm), index);
  const { profile: cpuProfile } = (await post('Profiler.stop')) as { profile: object };
  writeFileSync(out, JSON.stringify(cpuProfile));
  session.disconnect();
  log(`CPU profile of ${PROFILED_RUNS} single-threaded analyses in ${out}`);
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  mkdirSync(options.dir, { recursive: true });
  const { catalogue, queries } = await audioSet(options.dir);
  const lines: string[] = [];
  const out = (line: object) => lines.push(JSON.stringify(line));
  // The digest extracts every feature with the code under test; timing alone may reuse saved features.
  const cache = options.digest ? undefined : join(options.dir, 'features');
  if (cache) mkdirSync(cache, { recursive: true });
  const index = await catalogueIndex(catalogue, out, cache);
  let agree = true;
  if (options.digest) {
    for (const file of queries) agree = (await queryDigest(file, index, out)) && agree;
    writeFileSync(options.digest, lines.join('\n') + '\n');
    log(`digest of ${catalogue.length} catalogue pieces and ${queries.length} queries in ${options.digest}`);
  }
  if (options.timeRuns > 0) await timing(queries[0]!, index, options.timeRuns);
  if (options.profile) await profile(queries[0]!, index, options.profile);
  return agree ? 0 : 1;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
