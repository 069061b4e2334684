import {
  type HeatmapCell,
  type HeatmapData,
  type HeatmapPeak,
  type HeatmapTimeframe,
  activityScore,
} from '@originality/contracts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PEAKS = 3;

/** Uploads and registrations per hour, keyed by the hour's start in epoch ms (UTC). */
export type HourlyCounts = Map<number, { uploads: number; registrations: number }>;

/** The first hour the heatmap shows: midnight UTC, `timeframe − 1` days before `now`'s day. */
export function heatmapStart(now: Date, timeframe: HeatmapTimeframe): Date {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return new Date(today - (timeframe - 1) * DAY_MS);
}

/**
 * The heatmap of spec §3/§9: `timeframe` days × 24 hours (UTC), every hour present (zero when
 * quiet), each with its activity score, plus the totals and the 3 busiest hours.
 */
export function buildHeatmap(counts: HourlyCounts, now: Date, timeframe: HeatmapTimeframe): HeatmapData {
  const start = heatmapStart(now, timeframe).getTime();
  const data: HeatmapCell[] = [];
  for (let i = 0; i < timeframe * 24; i++) {
    const at = start + i * HOUR_MS;
    const { uploads, registrations } = counts.get(at) ?? { uploads: 0, registrations: 0 };
    const timestamp = new Date(at).toISOString();
    data.push({
      date: timestamp.slice(0, 10),
      hour: new Date(at).getUTCHours(),
      uploads,
      registrations,
      activityScore: activityScore(uploads, registrations),
      timestamp,
    });
  }
  const totalScore = data.reduce((sum, c) => sum + c.activityScore, 0);
  return {
    timeframe,
    data,
    summary: {
      totalUploads: data.reduce((sum, c) => sum + c.uploads, 0),
      totalRegistrations: data.reduce((sum, c) => sum + c.registrations, 0),
      maxActivityScore: data.reduce((max, c) => Math.max(max, c.activityScore), 0),
      avgActivityScore: Math.round((totalScore / data.length) * 100) / 100,
      peakHours: peaksOf(data),
    },
  };
}

/** Busiest first; between equal scores the more recent hour first. */
function peaksOf(cells: HeatmapCell[]): HeatmapPeak[] {
  return cells
    .filter((c) => c.activityScore > 0)
    .sort((a, b) => b.activityScore - a.activityScore || b.timestamp.localeCompare(a.timestamp))
    .slice(0, PEAKS)
    .map((c) => ({ time: c.timestamp, uploads: c.uploads, registrations: c.registrations, score: c.activityScore }));
}
