import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  type AdminAnalytics,
  AdminAnalyticsSubjects,
  type Caller,
  type HeatmapData,
  Permission,
  can,
} from '@originality/contracts';
import { DomainError, EnvelopeCaller, EnvelopeData } from '@originality/platform';
import { EmptyDto, HeatmapDto } from './admin-analytics.dto';
import { AnalyticsService } from './analytics/analytics.service';
import { HeatmapService } from './heatmap/heatmap.service';

/** The caller must hold view_analytics; the gateway checked it, the service checks again. */
function requireAnalyticsViewer(caller: Caller | null): void {
  if (!caller) throw DomainError.unauthenticated();
  if (!can(caller, Permission.VIEW_ANALYTICS)) throw DomainError.forbidden();
}

/** NATS edge of admin-analytics: validate the envelope, call one service method. */
@Controller()
export class AdminAnalyticsHandlers {
  constructor(
    private readonly analyticsService: AnalyticsService,
    private readonly heatmapService: HeatmapService,
  ) {}

  @MessagePattern(AdminAnalyticsSubjects.analytics)
  analytics(@EnvelopeData(EmptyDto) _: EmptyDto, @EnvelopeCaller() caller: Caller | null): Promise<AdminAnalytics> {
    requireAnalyticsViewer(caller);
    return this.analyticsService.analytics();
  }

  @MessagePattern(AdminAnalyticsSubjects.heatmap)
  heatmap(@EnvelopeData(HeatmapDto) data: HeatmapDto, @EnvelopeCaller() caller: Caller | null): Promise<HeatmapData> {
    requireAnalyticsViewer(caller);
    return this.heatmapService.heatmap(data.timeframe);
  }
}
