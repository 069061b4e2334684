import { Module } from '@nestjs/common';
import { AdminAnalyticsClient } from './admin-analytics.client';
import { AdminAnalyticsController } from './admin-analytics.controller';

/** GET /api/admin/analytics and /api/admin/heatmap-data, answered by the admin-analytics service. */
@Module({
  controllers: [AdminAnalyticsController],
  providers: [AdminAnalyticsClient],
})
export class AdminAnalyticsGatewayModule {}
