import { buildHeatmap, heatmapStart } from './heatmap';

const hour = (iso: string) => Date.parse(iso);
const NOW = new Date('2026-03-10T15:42:00Z');

describe('activity heatmap', () => {
  it('covers the timeframe in whole UTC days up to today, 24 hours each, quiet hours at zero', () => {
    const map = buildHeatmap(new Map(), NOW, 7);
    expect(map.data).toHaveLength(7 * 24);
    expect(heatmapStart(NOW, 7).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(map.data[0]).toEqual({
      date: '2026-03-04',
      hour: 0,
      uploads: 0,
      registrations: 0,
      activityScore: 0,
      timestamp: '2026-03-04T00:00:00.000Z',
    });
    expect(map.data.at(-1)).toMatchObject({ date: '2026-03-10', hour: 23 });
    expect(map.summary).toEqual({
      totalUploads: 0,
      totalRegistrations: 0,
      maxActivityScore: 0,
      avgActivityScore: 0,
      peakHours: [],
    });
    expect(buildHeatmap(new Map(), NOW, 30).data).toHaveLength(720);
  });

  it('scores each hour as uploads + 2 × registrations and lists the 3 busiest hours, busiest first', () => {
    const counts = new Map([
      [hour('2026-03-05T09:00:00Z'), { uploads: 4, registrations: 0 }],
      [hour('2026-03-06T10:00:00Z'), { uploads: 1, registrations: 3 }],
      [hour('2026-03-07T11:00:00Z'), { uploads: 2, registrations: 0 }],
      [hour('2026-03-08T12:00:00Z'), { uploads: 0, registrations: 1 }],
      // Before the window: not shown, not counted.
      [hour('2026-03-01T12:00:00Z'), { uploads: 50, registrations: 0 }],
    ]);
    const map = buildHeatmap(counts, NOW, 7);
    expect(map.data.find((c) => c.timestamp === '2026-03-06T10:00:00.000Z')).toMatchObject({
      date: '2026-03-06',
      hour: 10,
      uploads: 1,
      registrations: 3,
      activityScore: 7,
    });
    expect(map.summary).toMatchObject({ totalUploads: 7, totalRegistrations: 4, maxActivityScore: 7 });
    // (4 + 7 + 2 + 2) / 168
    expect(map.summary.avgActivityScore).toBe(0.09);
    expect(map.summary.peakHours).toEqual([
      { time: '2026-03-06T10:00:00.000Z', uploads: 1, registrations: 3, score: 7 },
      { time: '2026-03-05T09:00:00.000Z', uploads: 4, registrations: 0, score: 4 },
      { time: '2026-03-08T12:00:00.000Z', uploads: 0, registrations: 1, score: 2 },
    ]);
  });
});
