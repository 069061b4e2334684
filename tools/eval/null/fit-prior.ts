/**
 * Measuring tool (not part of the evaluation): fits the prior null model (matching/null-model.ts PRIOR_NULL_MODEL), which
 * calibrates catalogues too small to fit their own, on unrelated pairs of each of several sources' catalogues: up to
 * 60 tracks of each source's catalogue and `pairs` seeded pairs among them (seed `prior:<source>`), through
 * nullSamples and fitScoreTail, one law per source and law (each calibrated dimension and the melody's beat grid). Prints the model as JSON.
 *
 *   node tools/run-ts.mjs tools/eval/null/fit-prior.ts own,gm,second-synth,recordings 800
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  NULL_LAWS,
  buildPriorArt,
  extractFeatures,
  fitScoreTail,
  nullSamples,
  samplePairs,
  type NullLaw,
  type MatchEvidence,
  type NullModelJson,
  type ScoreTail,
} from '@originality/music-analysis';
import { SOURCES } from '../sources/all';
import type { SourceName } from '../sources/source';

const TRACKS_PER_SOURCE = 60;

/** One source's unrelated pairs' evidence, per calibrated dimension. */
async function sourceSamples(name: SourceName, pairs: number): Promise<Record<NullLaw, MatchEvidence[]>> {
  const tmp = mkdtempSync(join(tmpdir(), `prior-${name}-`));
  try {
    const built = await SOURCES[name].build({ size: 'full', split: 'tuning', tmp, log: () => {} });
    const tracks = [];
    for (const reference of built.references.slice(0, TRACKS_PER_SOURCE))
      tracks.push(extractFeatures(await reference.audio()));
    const samples = nullSamples(tracks, buildPriorArt(tracks), samplePairs(tracks.length, pairs, `prior:${name}`));
    process.stderr.write(`${name}: ${tracks.length} tracks, ${samples.melody.length} pairs\n`);
    return samples;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Four significant digits, as the model is written in the source. */
const rounded = (tail: ScoreTail): ScoreTail =>
  Object.fromEntries(Object.entries(tail).map(([k, v]) => [k, Number(v.toPrecision(4))])) as unknown as ScoreTail;

async function main(): Promise<void> {
  const [names, pairsArg] = process.argv.slice(2);
  if (!names) throw new Error('usage: fit-prior.ts SOURCE,SOURCE,... [PAIRS_PER_SOURCE]');
  const tails = Object.fromEntries(NULL_LAWS.map((d) => [d, [] as ScoreTail[]])) as Record<NullLaw, ScoreTail[]>;
  let pairs = 0;
  for (const name of names.split(',') as SourceName[]) {
    const samples = await sourceSamples(name, Number(pairsArg ?? 800));
    for (const d of NULL_LAWS) tails[d].push(rounded(fitScoreTail(samples[d])));
    pairs += samples.melody.length;
  }
  const model: NullModelJson = { source: 'prior', pairs, tails };
  console.log(JSON.stringify(model, null, 2));
}

void main();
