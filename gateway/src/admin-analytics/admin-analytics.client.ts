import { Injectable } from '@nestjs/common';
import {
  type AdminAnalytics,
  AdminAnalyticsSubjects,
  type AnalyticsRequest,
  type Caller,
  type HeatmapData,
  type HeatmapRequest,
  type HeatmapTimeframe,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';

/** The admin-analytics service behind one class: each method is one request/reply subject. */
@Injectable()
export class AdminAnalyticsClient {
  constructor(private readonly rpc: RpcClient) {}

  analytics(caller: Caller): Promise<AdminAnalytics> {
    return this.rpc.request<AnalyticsRequest, AdminAnalytics>(AdminAnalyticsSubjects.analytics, {}, { caller });
  }

  heatmap(caller: Caller, timeframe: HeatmapTimeframe): Promise<HeatmapData> {
    return this.rpc.request<HeatmapRequest, HeatmapData>(AdminAnalyticsSubjects.heatmap, { timeframe }, { caller });
  }
}
