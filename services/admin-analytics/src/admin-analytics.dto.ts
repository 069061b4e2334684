import { HEATMAP_TIMEFRAMES, type HeatmapRequest, type HeatmapTimeframe } from '@originality/contracts';
import { IsIn } from 'class-validator';

export class EmptyDto {}

export class HeatmapDto implements HeatmapRequest {
  @IsIn(HEATMAP_TIMEFRAMES, { message: `timeframe must be one of: ${HEATMAP_TIMEFRAMES.join(', ')}` })
  timeframe: HeatmapTimeframe;
}
