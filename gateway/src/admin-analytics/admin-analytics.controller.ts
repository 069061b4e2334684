import { Controller, Get, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AdminAnalytics, Caller, HeatmapData, HeatmapTimeframe } from '@originality/contracts';
import { CurrentCaller } from '../access/access.decorators';
import { AdminAnalyticsClient } from './admin-analytics.client';
import { HeatmapQueryDto } from './admin-analytics.dto';

/** The admin console's figures. Each route's permission is in the table of access/permissions.ts. */
@ApiTags('admin')
@ApiUnauthorizedResponse({ description: 'Signed out.' })
@ApiForbiddenResponse({ description: "{ error: 'This area requires administrator privileges.', code: 'FORBIDDEN' }" })
@Controller('api/admin')
export class AdminAnalyticsController {
  constructor(private readonly analyticsService: AdminAnalyticsClient) {}

  @Get('analytics')
  analytics(@CurrentCaller() caller: Caller): Promise<AdminAnalytics> {
    return this.analyticsService.analytics(caller);
  }

  @Get('heatmap-data')
  heatmap(@CurrentCaller() caller: Caller, @Query() query: HeatmapQueryDto): Promise<HeatmapData> {
    return this.analyticsService.heatmap(caller, Number(query.timeframe) as HeatmapTimeframe);
  }
}
