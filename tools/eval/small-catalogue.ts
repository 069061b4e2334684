/**
 * Measuring tool (not part of the evaluation): every case of a source's split judged against a small catalogue — its
 * source track (when it has one) and `size − 1` other catalogue tracks picked by the case's position — instead of the
 * whole catalogue, as a user's catalogue of a handful of tracks would judge it. Prints each case and a count per kind,
 * found or flagged as the evaluation counts them (source-report.ts kindRows).
 *
 *   node tools/run-ts.mjs tools/eval/small-catalogue.ts own,second-synth,gm,effects,recordings 8 [tuning|held-out]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueIndex, extractFeatures, type TrackFeatures } from '@originality/music-analysis';
import { judgeQuery } from './harness';
import type { JudgedCase } from './source-eval';
import { KIND_TARGETS, kindRows } from './source-report';
import { SOURCES } from './sources/all';
import type { SourceName, Split } from './sources/source';

/** The case's source and others, picked by a stride through the rest so each case meets a different few. */
function smallCatalogue(referenceIds: string[], source: string | null, size: number, position: number): string[] {
  const others = referenceIds.filter((id) => id !== source);
  const picked = Array.from(
    { length: size - (source ? 1 : 0) },
    (_, k) => others[(position * 7 + k * 5) % others.length]!,
  );
  return [...new Set([...(source ? [source] : []), ...picked])];
}

async function runSource(name: SourceName, size: number, split: Split): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), `small-${name}-`));
  try {
    const built = await SOURCES[name].build({ size: 'full', split, tmp, log: () => {} });
    const features = new Map<string, TrackFeatures>();
    for (const r of built.references) features.set(r.id, extractFeatures(await r.audio()));
    const cases: JudgedCase[] = [];
    for (const [position, { audio, ...c }] of built.cases.entries()) {
      const index = new CatalogueIndex();
      for (const id of smallCatalogue([...features.keys()], c.referenceId, size, position)) {
        const r = built.references.find((x) => x.id === id)!;
        const meta = { title: r.title, artist: r.artist, platform: 'demo', releaseYear: 1900 };
        index.add({ id, meta, features: features.get(id)! });
      }
      const pcm = await audio();
      const j = judgeQuery(c.referenceId, extractFeatures(pcm), index);
      cases.push({ ...c, ...j, seconds: pcm.durationSec });
      console.log(
        `${name} ${c.kind} ${c.id}: rank ${j.rank} at ${j.sourceSimilarity}, top ${j.topReferenceId} at ${j.topSimilarity}`,
      );
    }
    // Counted as the evaluation counts them (source-report.ts kindRows).
    for (const row of kindRows(cases)) {
      const metric = KIND_TARGETS[row.kind].metric;
      const counted = Math.round((metric === 'found' ? row.found : row.flagged) * row.n);
      console.log(`${name}, ${split}, ${size} tracks, ${row.kind}: ${counted} of ${row.n} ${metric}`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [names, size, split = 'tuning'] = process.argv.slice(2);
  if (!names || !size) throw new Error('usage: small-catalogue.ts SOURCE,SOURCE,... SIZE [tuning|held-out]');
  for (const name of names.split(',') as SourceName[]) await runSource(name, Number(size), split as Split);
}

void main();
