import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ANALYSIS_CONFIG, type AnalysisConfig } from '../config';
import { CatalogueService } from './catalogue.service';

/**
 * Keeps this worker's in-memory catalogue index current: built from Postgres before the service
 * serves, then rebuilt whenever the catalogue version row moves (an import elsewhere).
 */
@Injectable()
export class CatalogueIndexKeeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CatalogueIndexKeeper.name);
  private timer: NodeJS.Timeout | null = null;
  private refreshing = false;

  constructor(
    private readonly catalogue: CatalogueService,
    @Inject(ANALYSIS_CONFIG) private readonly config: AnalysisConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const index = await this.catalogue.loadIndex();
    const { source, pairs } = index.nullModel().json;
    this.logger.log(
      `catalogue index built: ${index.size} tracks (version ${index.version}), null model ${source === 'catalogue' ? `fitted on ${pairs} pairs` : 'prior'}`,
    );
    const stale = this.catalogue.staleTracksNotice();
    if (stale) this.logger.warn(stale);
    this.timer = setInterval(() => void this.refresh(), this.config.CATALOGUE_REFRESH_SEC * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      if (await this.catalogue.refreshIndex()) {
        const index = await this.catalogue.currentIndex();
        this.logger.log(`catalogue changed; index rebuilt: ${index.size} tracks`);
      }
    } catch (error) {
      // Keep serving with the index already held; the next tick tries again.
      this.logger.warn(`catalogue index refresh failed: ${(error as Error).message}`);
    } finally {
      this.refreshing = false;
    }
  }
}
