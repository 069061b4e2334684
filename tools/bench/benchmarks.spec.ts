import { benchRows, formatBenchTable } from './benchmarks';
import type { EndToEndResult } from './end-to-end';
import type { LookupResult } from './lookup';

const endToEnd = (over: Partial<EndToEndResult> = {}): EndToEndResult => ({
  catalogue: { source: 'generated', size: 30 },
  queryDurationSec: 180,
  ffmpegDecodeMs: 100,
  coldAnalysisMs: 900,
  warmRuns: 5,
  analysisMs: 450,
  stagesMs: { initializing: 200, 'extracting audio features': 600 },
  peakRssMb: 350,
  landmarksPerSecond: 48,
  fingerprintIndexBytesPerHour: 1.4e6,
  ...over,
});
const lookup = (tracks: number, p95Ms: number): LookupResult => ({
  tracks,
  queries: 60,
  p50Ms: 1,
  p95Ms,
  found: 60,
  buildMs: 1,
  lookupBytes: 2 ** 20,
});

const verdict = (rows: ReturnType<typeof benchRows>, measure: string) =>
  rows.find((r) => r.measure.startsWith(measure))?.pass;

describe('benchmark table', () => {
  it('passes each target the figures meet', () => {
    const rows = benchRows(endToEnd(), [lookup(1000, 500), lookup(100_000, 150)]);
    expect(verdict(rows, 'analysis time / ffmpeg decode time')).toBe(true);
    expect(verdict(rows, 'peak RSS')).toBe(true);
    expect(verdict(rows, 'lookup p95 at 100,000')).toBe(true);
    // Below the target's catalogue size the latency is reported without a verdict.
    expect(verdict(rows, 'lookup p95 at 1,000')).toBeNull();
    expect(verdict(rows, 'fingerprint index size per hour')).toBe(true);
    expect(rows.map((r) => r.measure)).toContain('full analysis + matching (warm, median of 5)');
  });

  it('misses each target the figures exceed, and says so in the table', () => {
    const e = endToEnd({ analysisMs: 900, ffmpegDecodeMs: 100, peakRssMb: 401, fingerprintIndexBytesPerHour: 2.1e6 });
    const rows = benchRows(e, [lookup(100_000, 201)]);
    expect(rows.filter((r) => r.pass === false).map((r) => r.measure)).toEqual([
      'analysis time / ffmpeg decode time',
      'peak RSS of the analysing process',
      'lookup p95 at 100,000 tracks (60/60 found)',
      'fingerprint index size per hour of audio',
    ]);
    expect(formatBenchTable(rows, e)).toMatch(/analysis time \/ ffmpeg decode time\s+9\.0×\s+≤ 5×\s+MISS/);
  });
});
