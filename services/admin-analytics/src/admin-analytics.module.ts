import { Module } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import { PlatformServiceModule } from '@originality/platform';
import { AdminAnalyticsMigrations } from './migrations';
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
})
export class AdminAnalyticsModule {}
