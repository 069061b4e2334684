/**
 * The analysis benchmarks, each in its own process: (a) full analysis of a 3-minute MP3 against the
 * demo catalogue relative to ffmpeg's decode time, with peak RSS; (b) lookup latency at catalogue
 * sizes; (c) fingerprint index size per hour of audio. Prints the figures and a target table.
 */
import { runBenchmarkChild } from './child';
import type { EndToEndResult } from './end-to-end';
import type { LookupResult } from './lookup';

export const DEFAULT_LOOKUP_SIZES = [1_000, 10_000, 100_000];

/** The targets the analysis issue sets. */
export const TARGETS = {
  analysisOverDecode: 5,
  peakRssMb: 400,
  lookupP95Ms: 200,
  /** Catalogue size at which the lookup target applies. */
  lookupTargetTracks: 100_000,
  fingerprintMbPerHour: 2,
} as const;

export interface BenchRow {
  measure: string;
  value: string;
  target: string;
  /** null: reported without a target. */
  pass: boolean | null;
}

export interface BenchmarkOptions {
  lookupSizes?: number[];
  out: (line: string) => void;
}

export async function runBenchmarks(options: BenchmarkOptions): Promise<number> {
  const endToEnd = await runBenchmarkChild<EndToEndResult>('end-to-end.ts', []);
  const lookups: LookupResult[] = [];
  for (const size of options.lookupSizes ?? DEFAULT_LOOKUP_SIZES)
    lookups.push(await runBenchmarkChild<LookupResult>('lookup.ts', [String(size)]));
  const rows = benchRows(endToEnd, lookups);
  options.out(formatBenchTable(rows, endToEnd));
  return rows.every((row) => row.pass !== false) ? 0 : 1;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export function benchRows(e: EndToEndResult, lookups: LookupResult[]): BenchRow[] {
  const ratio = e.analysisMs / e.ffmpegDecodeMs;
  const mbPerHour = e.fingerprintIndexBytesPerHour / 1e6;
  const rows: BenchRow[] = [
    { measure: 'ffmpeg decode of the 3-min MP3', value: ms(e.ffmpegDecodeMs), target: '', pass: null },
    {
      measure: `full analysis + matching (warm, median of ${e.warmRuns})`,
      value: ms(e.analysisMs),
      target: '',
      pass: null,
    },
    { measure: 'full analysis + matching (cold, first run)', value: ms(e.coldAnalysisMs), target: '', pass: null },
    ...Object.entries(e.stagesMs).map(([stage, value]) => ({
      measure: `  stage: ${stage}`,
      value: ms(value),
      target: '',
      pass: null,
    })),
    {
      measure: 'analysis time / ffmpeg decode time',
      value: `${ratio.toFixed(1)}×`,
      target: `≤ ${TARGETS.analysisOverDecode}×`,
      pass: ratio <= TARGETS.analysisOverDecode,
    },
    {
      measure: 'peak RSS of the analysing process',
      value: `${e.peakRssMb.toFixed(0)} MB`,
      target: `≤ ${TARGETS.peakRssMb} MB`,
      pass: e.peakRssMb <= TARGETS.peakRssMb,
    },
  ];
  for (const l of lookups) {
    const atTarget = l.tracks >= TARGETS.lookupTargetTracks;
    rows.push(
      { measure: `lookup p50 at ${l.tracks.toLocaleString('en')} tracks`, value: ms(l.p50Ms), target: '', pass: null },
      {
        measure: `lookup p95 at ${l.tracks.toLocaleString('en')} tracks (${l.found}/${l.queries} found)`,
        value: ms(l.p95Ms),
        target: atTarget ? `≤ ${TARGETS.lookupP95Ms} ms` : '',
        pass: atTarget ? l.p95Ms <= TARGETS.lookupP95Ms : null,
      },
      {
        measure: `  index memory at ${l.tracks.toLocaleString('en')} tracks`,
        value: `${(l.lookupBytes / 2 ** 20).toFixed(0)} MiB`,
        target: '',
        pass: null,
      },
    );
  }
  rows.push(
    {
      measure: 'fingerprint landmarks per second of audio',
      value: e.landmarksPerSecond.toFixed(1),
      target: '',
      pass: null,
    },
    {
      measure: 'fingerprint index size per hour of audio',
      value: `${mbPerHour.toFixed(2)} MB`,
      target: `≤ ${TARGETS.fingerprintMbPerHour} MB`,
      pass: mbPerHour <= TARGETS.fingerprintMbPerHour,
    },
  );
  return rows;
}

export function formatBenchTable(rows: BenchRow[], e: EndToEndResult): string {
  const header = ['measure', 'value', 'target', 'result'];
  const cells = rows.map((r) => [r.measure, r.value, r.target, r.pass === null ? '' : r.pass ? 'PASS' : 'MISS']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    `Catalogue: ${e.catalogue.size} tracks (${e.catalogue.source === 'postgres' ? 'from Postgres' : 'generated in-process'}); ` +
      `query: ${e.queryDurationSec.toFixed(0)} s MP3 at 192 kbit/s`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...cells.map(line),
  ].join('\n');
}
