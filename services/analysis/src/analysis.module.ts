import { Module } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import { PlatformServiceModule } from '@originality/platform';
import { DataSource } from 'typeorm';
import { CatalogueIndexKeeper } from './catalogue/catalogue-index.keeper';
import { CatalogueRepository } from './catalogue/catalogue.repository';
import { CatalogueService } from './catalogue/catalogue.service';
import { CATALOGUE_ENTITIES } from './catalogue/entities';
import { InProcessAnalyser } from './catalogue/track-analyser';
import { ANALYSIS_CONFIG, loadAnalysisConfig } from './config';
import { ANALYSIS_MIGRATIONS } from './migrations';
import { ANALYSIS_SCHEMA } from './schema';

/**
 * The analysis service: the reference catalogue in its schema and the in-memory index each worker
 * matches against. The job queue and upload integration come with their own issue.
 */
@Module({
  imports: [
    PlatformServiceModule.forRoot({
      name: ServiceName.ANALYSIS,
      schema: ANALYSIS_SCHEMA,
      entities: CATALOGUE_ENTITIES,
      migrations: ANALYSIS_MIGRATIONS,
    }),
  ],
  providers: [
    { provide: ANALYSIS_CONFIG, useFactory: () => loadAnalysisConfig() },
    {
      provide: CatalogueRepository,
      useFactory: (dataSource: DataSource) => new CatalogueRepository(dataSource),
      inject: [DataSource],
    },
    {
      provide: CatalogueService,
      // Imports run from the CLI; the service extracts features for queries in its own thread.
      useFactory: (repository: CatalogueRepository) => new CatalogueService(repository, new InProcessAnalyser()),
      inject: [CatalogueRepository],
    },
    CatalogueIndexKeeper,
  ],
  exports: [CatalogueService],
})
export class AnalysisModule {}
