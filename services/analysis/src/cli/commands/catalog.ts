import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENGINE_VERSION, writeCatalogueSnapshot, type CatalogueEntry } from '@originality/music-analysis';
import type { ImportSummary } from '../../catalogue/catalogue.service';
import { openCatalogue } from '../catalogue-context';
import { keepReferenceAudio } from '../keep-audio';
import { progressBar } from '../progress';

/** Where `catalog demo` renders its audio (git-ignored); DEMO_CATALOGUE_DIR overrides it. */
const REPO_ROOT = resolve(__dirname, '../../../../..');
export const DEMO_SOURCE = 'demo-generator';
/** "A few hundred" pieces: enough for matches to mean something, few enough to analyse on first start in ~2 minutes. */
export const DEFAULT_DEMO_COUNT = 200;
const DEMO_SECONDS = 30;

export async function catalogImport(manifest: string, out: (line: string) => void): Promise<number> {
  const context = await openCatalogue();
  try {
    const summary = await importWithProgress(context.catalogue, resolve(manifest), {});
    printSummary(summary, out);
    await keepReferenceAudio(context.dataSource, resolve(manifest), out);
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    await context.close();
  }
}

export async function catalogDemo(count: number | null, out: (line: string) => void): Promise<number> {
  const wanted = count ?? DEFAULT_DEMO_COUNT;
  const context = await openCatalogue();
  try {
    const held = await context.repository.countBySource(DEMO_SOURCE, ENGINE_VERSION);
    if (held >= (await demoSetSize(wanted))) {
      out(`Demo catalogue already imported (${held} demo tracks).`);
      // Imported before audio was kept for listening: keep it now from the rendered files, if they are still there.
      const rendered = demoManifestPath(wanted);
      if (isCompleteManifest(rendered, await demoSetSize(wanted)))
        await keepReferenceAudio(context.dataSource, rendered, out);
      return 0;
    }
    const manifestPath = await demoManifest(wanted);
    const summary = await importWithProgress(context.catalogue, manifestPath, { source: DEMO_SOURCE });
    printSummary(summary, out);
    await keepReferenceAudio(context.dataSource, manifestPath, out);
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    await context.close();
  }
}

/** Writes the tracks this engine version extracted to a snapshot file that other programs (the benchmarks) read. */
export async function catalogExport(file: string, out: (line: string) => void): Promise<number> {
  const context = await openCatalogue();
  try {
    const entries: CatalogueEntry[] = [];
    const stale = await context.catalogue.eachCurrentTrack((entry) => entries.push(entry));
    writeCatalogueSnapshot(resolve(file), entries);
    const leftOut = stale ? `; left out ${stale} extracted by another engine version` : '';
    out(`Exported ${entries.length} tracks to ${file}${leftOut}.`);
    return 0;
  } finally {
    await context.close();
  }
}

/** Generated pieces plus the bundled public-domain scores. */
async function demoSetSize(generated: number): Promise<number> {
  // Loaded here so the other commands do not load the synthesiser.
  const { publicDomainScores } = await import('@originality/music-synth');
  return generated + publicDomainScores().length;
}

/** Renders the demo set once per size into the cache directory; a complete earlier render is reused. */
const demoDir = (count: number) =>
  join(process.env.DEMO_CATALOGUE_DIR ?? join(REPO_ROOT, '.local', 'demo-catalogue'), `n${count}`);
const demoManifestPath = (count: number) => join(demoDir(count), 'manifest.json');

async function demoManifest(count: number): Promise<string> {
  const dir = demoDir(count);
  const manifestPath = demoManifestPath(count);
  if (isCompleteManifest(manifestPath, await demoSetSize(count))) return manifestPath;
  // Loaded here so the other commands do not load the synthesiser.
  const { generateDemoCatalogue, PUBLIC_DOMAIN_SECONDS } = await import('@originality/music-synth');
  const bar = progressBar();
  process.stderr.write(`Rendering ${count} demo pieces into ${dir}\n`);
  await generateDemoCatalogue(dir, {
    count,
    seconds: DEMO_SECONDS,
    publicDomainSeconds: PUBLIC_DOMAIN_SECONDS,
    onProgress: (done, total) => bar.update(done, total, 'rendered'),
  });
  bar.finish();
  return manifestPath;
}

function isCompleteManifest(manifestPath: string, count: number): boolean {
  if (!existsSync(manifestPath)) return false;
  try {
    const entries = JSON.parse(readFileSync(manifestPath, 'utf8')) as { file: string }[];
    return entries.length === count && entries.every((entry) => existsSync(join(manifestPath, '..', entry.file)));
  } catch {
    return false;
  }
}

async function importWithProgress(
  catalogue: import('../../catalogue/catalogue.service').CatalogueService,
  manifestPath: string,
  options: { source?: string },
): Promise<ImportSummary> {
  const bar = progressBar();
  try {
    return await catalogue.importManifest(manifestPath, {
      ...options,
      onProgress: (p) => bar.update(p.done, p.total, p.title),
    });
  } finally {
    bar.finish();
  }
}

export function printSummary(summary: ImportSummary, out: (line: string) => void): void {
  const seconds = (summary.durationMs / 1000).toFixed(1);
  const refreshed = summary.refreshed.length ? `, re-analysed ${summary.refreshed.length} (engine changed)` : '';
  out(
    `Imported ${summary.imported.length}${refreshed}, skipped ${summary.skipped.length} as duplicate, failed ${summary.failed.length} (${seconds} s).`,
  );
  for (const failure of summary.failed) out(`  failed: ${failure.entry}: ${failure.reason}`);
}
