import { Module } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import { PlatformServiceModule, objectStorageProvider } from '@originality/platform';
import { DataSource } from 'typeorm';
import { CatalogueIndexKeeper } from './catalogue/catalogue-index.keeper';
import { CatalogueRepository } from './catalogue/catalogue.repository';
import { CatalogueService } from './catalogue/catalogue.service';
import { CATALOGUE_ENTITIES } from './catalogue/entities';
import { InProcessAnalyser } from './catalogue/track-analyser';
import { ANALYSIS_CONFIG, loadAnalysisConfig } from './config';
import { EngineInfoHandlers } from './engine-info/engine-info.handlers';
import { analysisJobQueueProvider } from './jobs/analysis-job-queue';
import { AnalysisRunEntity } from './jobs/analysis-run.entity';
import { AnalysisRuns } from './jobs/analysis-runs';
import { AnalysisWorker } from './jobs/analysis-worker';
import { JobIntake } from './jobs/job-intake';
import { ANALYSIS_MIGRATIONS } from './migrations';
import { ListeningHandlers } from './listening/listening.handlers';
import { ListeningService } from './listening/listening.service';
import { RunWaveformEntity } from './listening/run-waveform.entity';
import { REPORTS_PART } from './reports/reports.providers';
import { CatalogueDescriber } from './results/catalogue-description';
import { ResultsHandlers } from './results/results.handlers';
import { ResultsService } from './results/results.service';
import { ANALYSIS_SCHEMA } from './schema';

/**
 * The analysis service: the reference catalogue and the in-memory index each worker matches against,
 * the job queue fed by upload events, the worker, and the owner-checked results, waveforms and listening URLs.
 */
@Module({
  imports: [
    PlatformServiceModule.forRoot({
      name: ServiceName.ANALYSIS,
      schema: ANALYSIS_SCHEMA,
      entities: [...CATALOGUE_ENTITIES, AnalysisRunEntity, RunWaveformEntity, ...REPORTS_PART.entities],
      migrations: ANALYSIS_MIGRATIONS,
    }),
  ],
  controllers: [ResultsHandlers, ListeningHandlers, EngineInfoHandlers, ...REPORTS_PART.controllers],
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
    objectStorageProvider,
    analysisJobQueueProvider,
    AnalysisRuns,
    JobIntake,
    AnalysisWorker,
    ResultsService,
    CatalogueDescriber,
    ListeningService,
    ...REPORTS_PART.providers,
  ],
  exports: [CatalogueService],
})
export class AnalysisModule {}
