import { readFile } from 'node:fs/promises';
import { ObjectStorage } from '@originality/platform';
import type { DataSource } from 'typeorm';
import { parseManifest } from '../catalogue/manifest';
import { ReferenceAudioKeeper } from '../listening/reference-audio';

/**
 * After an import: keeps the audio of the manifest's playable tracks in object storage for A/B listening.
 * Only when S3_ENDPOINT names a store (npm start, the services' settings): an offline import, the evaluation
 * and the benchmarks do not need one, and a store that does not answer costs a warning, not the import.
 */
export async function keepReferenceAudio(
  dataSource: DataSource,
  manifestPath: string,
  out: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (!env.S3_ENDPOINT) return;
  let storage: ObjectStorage;
  try {
    storage = await ObjectStorage.connect(env);
  } catch (error) {
    out(`Reference audio not kept for listening: ${(error as Error).message}`);
    return;
  }
  try {
    const { entries } = parseManifest(await readFile(manifestPath, 'utf8'), manifestPath);
    const kept = await new ReferenceAudioKeeper(dataSource, storage).keep(entries.map((e) => e.file));
    if (kept.stored > 0) out(`Kept the audio of ${kept.stored} playable tracks for listening.`);
    for (const failure of kept.failed) out(`  audio not kept: ${failure.file}: ${failure.reason}`);
  } finally {
    storage.close();
  }
}
