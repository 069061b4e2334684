import { availableParallelism } from 'node:os';
import { commonConfig, loadConfig } from '@originality/platform';
import type { DataSource } from 'typeorm';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { CatalogueService } from '../catalogue/catalogue.service';
import { createTrackAnalyser, type TrackAnalyser } from '../catalogue/track-analyser';
import { openAnalysisDatabase } from '../database';

/** What catalogue commands work with; `close()` releases the database and worker threads. */
export interface CatalogueContext {
  dataSource: DataSource;
  repository: CatalogueRepository;
  catalogue: CatalogueService;
  close(): Promise<void>;
}

/** Feature extraction uses at most this many worker threads (the reference machine has 2 cores). */
const MAX_IMPORT_WORKERS = 2;

export async function openCatalogue(env: NodeJS.ProcessEnv = process.env): Promise<CatalogueContext> {
  const { DATABASE_URL } = loadConfig({ DATABASE_URL: commonConfig.DATABASE_URL }, env);
  const dataSource = await openAnalysisDatabase(DATABASE_URL);
  const repository = new CatalogueRepository(dataSource);
  let analyser: TrackAnalyser | null = null;
  const lazyAnalyser: TrackAnalyser = {
    // Worker threads start only when a command imports audio, so `analyse` does not pay for them.
    get concurrency() {
      return Math.min(MAX_IMPORT_WORKERS, availableParallelism());
    },
    analyse: (file) => (analyser ??= createTrackAnalyser(lazyAnalyser.concurrency)).analyse(file),
    close: async () => analyser?.close(),
  };
  return {
    dataSource,
    repository,
    catalogue: new CatalogueService(repository, lazyAnalyser),
    async close() {
      await lazyAnalyser.close();
      await dataSource.destroy();
    },
  };
}
