/**
 * The originality engine's evaluation: a generated catalogue indexed in memory, labelled query cases made
 * from it (copies, signal changes, covers, shared melody, shared progression, originals), and per-case-type
 * identification and false-positive figures checked against targets.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueIndex, ENGINE_VERSION, buildAnalysisResults, extractFeatures } from '@originality/music-analysis';
import type { TrackFeatures, PcmAudio, ReferenceComparison } from '@originality/music-analysis';
import { CASE_KINDS, SAMPLE_RATE, makeCaseAudio, planCases, renderReference } from './cases';
import type { CaseCounts, CaseKind, QueryCase } from './cases';
import { DEMO_PLATFORM, demoTrack, type DemoTrack } from '@originality/music-synth';

export type EvalSize = 'small' | 'full';

export interface EvalOptions {
  size: EvalSize;
  outDir?: string;
  log?: (line: string) => void;
  /** Seeds the catalogue and the cases (default 'eval-1'). */
  seed?: string;
}

/** How similar a match must be to count: spec §9 colours 60+ yellow ("similar") and 80+ red ("high match"). */
export const FLAG_SIMILARITY = 60;
export const STRONG_SIMILARITY = 80;

interface Target {
  metric: 'top1' | 'flagged';
  op: '>=' | '<=';
  value: number;
  /** For 'flagged': the similarity at or above which a match counts. */
  threshold?: number;
}

export const TARGETS: Record<CaseKind, Target> = {
  'copy-noise': { metric: 'top1', op: '>=', value: 0.98 },
  'copy-lossy': { metric: 'top1', op: '>=', value: 0.98 },
  'pitch-shift': { metric: 'top1', op: '>=', value: 0.9 },
  'time-stretch': { metric: 'top1', op: '>=', value: 0.9 },
  cover: { metric: 'top1', op: '>=', value: 0.9 },
  'melody-only': { metric: 'top1', op: '>=', value: 0.8 },
  'progression-only': { metric: 'flagged', op: '<=', value: 0.05, threshold: STRONG_SIMILARITY },
  original: { metric: 'flagged', op: '<=', value: 0.05, threshold: FLAG_SIMILARITY },
};

const LABELS: Record<CaseKind, string> = {
  'copy-noise': 'copy + noise (20/10/5 dB)',
  'copy-lossy': 'copy, MP3/AAC 64k',
  'pitch-shift': 'copy, pitch ±1 st',
  'time-stretch': 'copy, speed ±5 %',
  cover: 'cover (key/tempo/band)',
  'melody-only': 'melody over other chords',
  'progression-only': 'progression, new melody',
  original: 'original, same style',
};

export const SIZES: Record<EvalSize, { references: number; counts: CaseCounts }> = {
  small: {
    references: 30,
    counts: {
      'copy-noise': 12,
      'copy-lossy': 8,
      'pitch-shift': 8,
      'time-stretch': 8,
      cover: 12,
      'melody-only': 10,
      'progression-only': 10,
      original: 15,
    },
  },
  full: {
    references: 200,
    counts: {
      'copy-noise': 60,
      'copy-lossy': 32,
      'pitch-shift': 32,
      'time-stretch': 32,
      cover: 60,
      'melody-only': 50,
      'progression-only': 40,
      original: 60,
    },
  },
};

export interface CaseResult extends QueryCase {
  /** Parameters the case drew at random (covers: transposition, tempo, instruments). */
  detail?: string;
  /** 1-based rank of the source track among the matches, null when it is not among them. */
  rank: number | null;
  /** Similarity of the source track (0 when not matched). */
  sourceSimilarity: number;
  /** Highest similarity of any other track. */
  bestOtherSimilarity: number;
  topReferenceId: string | null;
  topSimilarity: number;
  originalityScore: number;
  seconds: number;
}

export interface Distribution {
  min: number;
  median: number;
  p90: number;
  max: number;
}

export interface EvalRow {
  kind: CaseKind;
  label: string;
  count: number;
  /** Share of cases whose source track ranked first (null for kinds that should not match). */
  top1Rate: number | null;
  /** Share of cases with any match at or above the target's threshold (kinds that should not match). */
  flaggedRate: number | null;
  sourceSimilarity: Distribution;
  bestOtherSimilarity: Distribution;
  medianOriginality: number;
  target: Target;
  pass: boolean;
}

export interface EvalReport {
  size: EvalSize;
  seed: string;
  engineVersion: string;
  referenceCount: number;
  rows: EvalRow[];
  cases: CaseResult[];
  passed: boolean;
  timings: { catalogueSec: number; casesSec: number; totalSec: number };
}

export async function runEvaluation(options: EvalOptions): Promise<EvalReport> {
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? 'eval-1';
  const size = SIZES[options.size];
  if (!size) throw new Error(`size must be small or full, not ${String(options.size)}`);
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), 'originality-eval-'));
  try {
    const tracks = Array.from({ length: size.references }, (_, i) => demoTrack(i, `${seed}:catalogue`));
    const index = buildIndex(tracks, log);
    const catalogueSec = (Date.now() - started) / 1000;
    const byId = new Map(tracks.map((t) => [t.id, t]));
    const plan = planCases(tracks, size.counts, seed);
    const cases: CaseResult[] = [];
    for (const [n, queryCase] of plan.entries()) {
      const { audio, detail } = await makeCaseAudio(queryCase, byId.get(queryCase.referenceId)!, tmp, seed);
      cases.push({ ...judgeCase(queryCase, audio, index), ...(detail ? { detail } : {}) });
      if ((n + 1) % 10 === 0 || n + 1 === plan.length) log(`cases ${n + 1}/${plan.length}`);
    }
    const rows = CASE_KINDS.map((kind) =>
      summarise(
        kind,
        cases.filter((c) => c.kind === kind),
      ),
    );
    const totalSec = (Date.now() - started) / 1000;
    const report: EvalReport = {
      size: options.size,
      seed,
      engineVersion: ENGINE_VERSION,
      referenceCount: tracks.length,
      rows,
      cases,
      passed: rows.every((r) => r.pass),
      timings: { catalogueSec, casesSec: totalSec - catalogueSec, totalSec },
    };
    if (options.outDir) writeReport(report, options.outDir);
    return report;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function buildIndex(tracks: DemoTrack[], log: (line: string) => void): CatalogueIndex {
  const index = new CatalogueIndex();
  for (const [i, track] of tracks.entries()) {
    const features = extractFeatures(pcm(renderReference(track)));
    index.add({
      id: track.id,
      meta: { title: track.title, artist: track.artist, platform: DEMO_PLATFORM, releaseYear: track.releaseYear },
      features,
    });
    if ((i + 1) % 25 === 0 || i + 1 === tracks.length) log(`catalogue ${i + 1}/${tracks.length}`);
  }
  return index;
}

function pcm(samples: Float32Array): PcmAudio {
  return { samples, sampleRate: SAMPLE_RATE, durationSec: samples.length / SAMPLE_RATE };
}

function judgeCase(queryCase: QueryCase, audio: PcmAudio, index: CatalogueIndex): CaseResult {
  return {
    ...queryCase,
    ...judgeQuery(queryCase.referenceId, extractFeatures(audio), index),
    seconds: audio.durationSec,
  };
}

export interface QueryJudgement {
  /** 1-based rank of the source track among the matches, null when it is not among them. */
  rank: number | null;
  sourceSimilarity: number;
  bestOtherSimilarity: number;
  topReferenceId: string | null;
  topSimilarity: number;
  originalityScore: number;
}

/** Matches a query against the catalogue and reads off where its source track (if any) came. */
export function judgeQuery(referenceId: string | null, features: TrackFeatures, index: CatalogueIndex): QueryJudgement {
  const matches: ReferenceComparison[] = index.match(features);
  const results = buildAnalysisResults({
    query: features,
    matches,
    priorArt: index.priorArt,
    catalogue: { size: index.size, version: index.version },
  });
  const position = referenceId === null ? -1 : matches.findIndex((m) => m.referenceId === referenceId);
  const others = matches.filter((m) => m.referenceId !== referenceId);
  return {
    rank: position >= 0 ? position + 1 : null,
    sourceSimilarity: position >= 0 ? matches[position].similarity : 0,
    bestOtherSimilarity: others.length ? Math.max(...others.map((m) => m.similarity)) : 0,
    topReferenceId: matches[0]?.referenceId ?? null,
    topSimilarity: matches[0]?.similarity ?? 0,
    originalityScore: results.originalityScore,
  };
}

function summarise(kind: CaseKind, cases: CaseResult[]): EvalRow {
  const target = TARGETS[kind];
  const top1Rate = target.metric === 'top1' ? rate(cases, (c) => c.rank === 1) : null;
  const flaggedRate =
    target.metric === 'flagged' ? rate(cases, (c) => c.topSimilarity >= (target.threshold ?? FLAG_SIMILARITY)) : null;
  const value = (target.metric === 'top1' ? top1Rate : flaggedRate) ?? Number.NaN;
  return {
    kind,
    label: LABELS[kind],
    count: cases.length,
    top1Rate,
    flaggedRate,
    sourceSimilarity: distribution(cases.map((c) => c.sourceSimilarity)),
    bestOtherSimilarity: distribution(cases.map((c) => c.bestOtherSimilarity)),
    medianOriginality: distribution(cases.map((c) => c.originalityScore)).median,
    target,
    pass: cases.length > 0 && (target.op === '>=' ? value >= target.value : value <= target.value),
  };
}

function rate<T>(items: T[], test: (item: T) => boolean): number {
  return items.length ? items.filter(test).length / items.length : Number.NaN;
}

function distribution(values: number[]): Distribution {
  if (values.length === 0) return { min: Number.NaN, median: Number.NaN, p90: Number.NaN, max: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))];
  return { min: sorted[0], median: at(0.5), p90: at(0.9), max: sorted[sorted.length - 1] };
}

// ---------------------------------------------------------------- report

const pct = (x: number | null) => (x === null || Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}%`);
const num = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(0));

function targetText(t: Target): string {
  const what = t.metric === 'top1' ? 'top-1' : `≥${t.threshold}`;
  return `${what} ${t.op === '>=' ? '≥' : '≤'} ${(t.value * 100).toFixed(0)}%`;
}

/** A plain-text table: one row per case type with the figures, the target and PASS/MISS. */
export function formatEvalTable(report: EvalReport): string {
  const header = [
    'case type',
    'n',
    'top-1',
    'flagged',
    'source sim min/med/p90',
    'best other med/p90/max',
    'orig. med',
    'target',
    'result',
  ];
  const rows = report.rows.map((r) => [
    r.label,
    String(r.count),
    pct(r.top1Rate),
    pct(r.flaggedRate),
    `${num(r.sourceSimilarity.min)}/${num(r.sourceSimilarity.median)}/${num(r.sourceSimilarity.p90)}`,
    `${num(r.bestOtherSimilarity.median)}/${num(r.bestOtherSimilarity.p90)}/${num(r.bestOtherSimilarity.max)}`,
    num(r.medianOriginality),
    targetText(r.target),
    r.pass ? 'PASS' : 'MISS',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const title = `Originality engine evaluation (${report.size}): ${report.referenceCount} catalogue tracks, ${report.cases.length} queries, engine ${report.engineVersion}, seed ${report.seed}, ${report.timings.totalSec.toFixed(0)} s`;
  const note = `flagged = share of cases with any match at or above the threshold; similarities are 0–100; ${report.passed ? 'all targets met' : 'some targets missed'}`;
  return [title, '', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), '', note].join('\n');
}

function writeReport(report: EvalReport, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `eval-${report.size}.json`), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(join(outDir, `eval-${report.size}.txt`), formatEvalTable(report) + '\n');
}
