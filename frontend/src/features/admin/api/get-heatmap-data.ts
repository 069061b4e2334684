import type { HeatmapData, HeatmapTimeframe } from '@originality/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/heatmap-data?timeframe=7|14|30. */
export async function getHeatmapData(timeframe: HeatmapTimeframe): Promise<HeatmapData> {
  return (await apiGet<HeatmapData>(queryKeys.adminHeatmap(timeframe))) as HeatmapData;
}

export function useHeatmapData(timeframe: HeatmapTimeframe) {
  return useQuery({
    queryKey: queryKeys.adminHeatmap(timeframe),
    queryFn: () => getHeatmapData(timeframe),
    // Keep the previous grid on screen while another timeframe loads.
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Failed to load the activity heatmap' },
  });
}
