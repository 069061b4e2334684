import { Module } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import { PlatformServiceModule } from '@originality/platform';
import { AdminAnalyticsHandlers } from './admin-analytics.handlers';
import { AnalyticsService } from './analytics/analytics.service';
import { HeatmapService } from './heatmap/heatmap.service';
import { AdminAnalyticsMigrations } from './migrations';
import { EventFeed } from './read-models/event-feed';
import { ReadModelProjector } from './read-models/projector';
import { ADMIN_ANALYTICS_SCHEMA } from './schema';

@Module({
  imports: [
    PlatformServiceModule.forRoot({
      name: ServiceName.ADMIN_ANALYTICS,
      schema: ADMIN_ANALYTICS_SCHEMA,
      entities: [],
      migrations: AdminAnalyticsMigrations,
    }),
  ],
  controllers: [AdminAnalyticsHandlers],
  providers: [ReadModelProjector, EventFeed, AnalyticsService, HeatmapService],
})
export class AdminAnalyticsModule {}
