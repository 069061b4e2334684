import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HeatmapData, HeatmapTimeframe } from '@originality/contracts';
import type { DataSource } from 'typeorm';
import { ADMIN_ANALYTICS_SCHEMA as S } from '../schema';
import { type HourlyCounts, buildHeatmap, heatmapStart } from './heatmap';

/** Hour start (epoch ms, UTC) of a timestamptz column, as SQL. */
const hourOf = (column: string) =>
  `(extract(epoch FROM date_trunc('hour', ${column} AT TIME ZONE 'UTC')) * 1000)::bigint`;

@Injectable()
export class HeatmapService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async heatmap(timeframe: HeatmapTimeframe, now = new Date()): Promise<HeatmapData> {
    const since = heatmapStart(now, timeframe);
    const [uploads, registrations] = await Promise.all([
      this.perHour(
        `SELECT ${hourOf('created_at')} AS hour, count(*)::int AS n FROM "${S}".upload
         WHERE deleted_at IS NULL AND created_at >= $1 GROUP BY 1`,
        since,
      ),
      this.perHour(
        `SELECT ${hourOf('registered_at')} AS hour, count(*)::int AS n FROM "${S}".registered_user
         WHERE registered_at >= $1 GROUP BY 1`,
        since,
      ),
    ]);
    const counts: HourlyCounts = new Map();
    const cell = (hour: number) => counts.get(hour) ?? { uploads: 0, registrations: 0 };
    for (const [hour, n] of uploads) counts.set(hour, { ...cell(hour), uploads: n });
    for (const [hour, n] of registrations) counts.set(hour, { ...cell(hour), registrations: n });
    return buildHeatmap(counts, now, timeframe);
  }

  private async perHour(sql: string, since: Date): Promise<Map<number, number>> {
    const rows: { hour: string; n: number }[] = await this.dataSource.query(sql, [since]);
    return new Map(rows.map((r) => [Number(r.hour), r.n]));
  }
}
