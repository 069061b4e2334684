import { ApiProperty } from '@nestjs/swagger';
import { HEATMAP_TIMEFRAMES } from '@originality/contracts';
import { IsIn } from 'class-validator';

const TIMEFRAME_TEXTS = HEATMAP_TIMEFRAMES.map(String);

/** GET /api/admin/heatmap-data?timeframe=7|14|30 (query strings arrive as text). */
export class HeatmapQueryDto {
  @ApiProperty({ enum: TIMEFRAME_TEXTS, description: 'Days shown, up to today (UTC).' })
  @IsIn(TIMEFRAME_TEXTS, { message: `timeframe must be one of: ${TIMEFRAME_TEXTS.join(', ')}` })
  timeframe: string;
}
