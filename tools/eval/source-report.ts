/**
 * The per-source evaluation report, as Markdown (readable in a terminal and pasted as is into
 * docs/engine-evaluation.md): a table per case kind against the targets, the similarity distributions of
 * true matches and of unrelated queries side by side, the threshold that best separates them, and tempo and key
 * accuracy on the pieces whose truth is known.
 */
import type { JudgedCase, SourceReport, TruthCheck } from './source-eval';
import { SOURCE_KINDS } from './sources/source';
import type { SourceKind } from './sources/source';

/** Spec §9: 60+ is "similar" (yellow), 80+ a "high match" (red). */
const FLAG = 60;
const STRONG = 80;

interface KindTarget {
  label: string;
  /** 'found': share with the source top-1 at similarity ≥ 80; 'flagged': share with any match ≥ `at`. */
  metric: 'found' | 'flagged';
  op: '>=' | '<=';
  value: number;
  at?: number;
}

export const KIND_TARGETS: Record<SourceKind, KindTarget> = {
  'exact-copy': { label: 'exact copy (excerpt, noise, lossy)', metric: 'found', op: '>=', value: 0.95 },
  'effects-copy': { label: 'copy through an effects chain', metric: 'found', op: '>=', value: 0.95 },
  'pitched-copy': { label: 'copy pitched ±1–3 st', metric: 'found', op: '>=', value: 0.95 },
  'tempo-copy': { label: 'copy at 80–125 % speed', metric: 'found', op: '>=', value: 0.95 },
  sample: { label: 'sample 5–12 s under another track', metric: 'found', op: '>=', value: 0.8 },
  cover: { label: 'cover (instruments, key, tempo)', metric: 'found', op: '>=', value: 0.9 },
  'borrowed-melody': { label: 'borrowed melody, other chords', metric: 'found', op: '>=', value: 0.8 },
  'progression-only': { label: 'progression under a new melody', metric: 'flagged', op: '<=', value: 0.05, at: STRONG },
  original: { label: 'original in the same style', metric: 'flagged', op: '<=', value: 0.05, at: FLAG },
};

export interface KindRow {
  kind: SourceKind;
  n: number;
  top1: number;
  found: number;
  flagged: number;
  figure: number;
  pass: boolean;
}

const share = <T>(items: T[], test: (item: T) => boolean) =>
  items.length ? items.filter(test).length / items.length : NaN;

export function kindRows(cases: JudgedCase[]): KindRow[] {
  return SOURCE_KINDS.flatMap((kind) => {
    const rows = cases.filter((c) => c.kind === kind);
    if (rows.length === 0) return [];
    const target = KIND_TARGETS[kind];
    const top1 = share(rows, (c) => c.rank === 1);
    const found = share(rows, (c) => c.rank === 1 && c.sourceSimilarity >= STRONG);
    const flagged = share(rows, (c) => c.topSimilarity >= (target.at ?? FLAG));
    const figure = target.metric === 'found' ? found : flagged;
    const pass = target.op === '>=' ? figure >= target.value : figure <= target.value;
    return [{ kind, n: rows.length, top1, found, flagged, figure, pass }];
  });
}

/** Similarities of true matches (the source's similarity, 0 when missed) and of queries that should not match. */
export function similarityGroups(cases: JudgedCase[]): { matches: number[]; unrelated: number[] } {
  return {
    matches: cases.filter((c) => c.shouldMatch).map((c) => c.sourceSimilarity),
    unrelated: cases.filter((c) => !c.shouldMatch).map((c) => c.topSimilarity),
  };
}

export interface Separation {
  /** The lowest threshold with the least balanced error. */
  threshold: number;
  /** The highest threshold with the same error (thresholds in between separate equally well). */
  upTo: number;
  /** Share of true matches below the threshold. */
  missRate: number;
  /** Share of unrelated queries at or above it. */
  falseRate: number;
}

/** The similarity thresholds (whole numbers) with the lowest balanced error, mean of miss and false-alarm rates. */
export function bestThreshold(matches: number[], unrelated: number[]): Separation | null {
  if (matches.length === 0 || unrelated.length === 0) return null;
  let best: Separation | null = null;
  for (let threshold = 0; threshold <= 101; threshold++) {
    const missRate = share(matches, (s) => s < threshold);
    const falseRate = share(unrelated, (s) => s >= threshold);
    const error = missRate + falseRate;
    if (!best || error < best.missRate + best.falseRate - 1e-9)
      best = { threshold, upTo: threshold, missRate, falseRate };
    else if (Math.abs(error - (best.missRate + best.falseRate)) < 1e-9 && best.upTo === threshold - 1)
      best.upTo = threshold;
  }
  return best;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))];
}

export interface TruthSummary {
  n: number;
  tempoAcc1: number;
  tempoAcc2: number;
  /**
   * Acc1 of the tempo or of the other metrical level the engine names beside it (tempoAlternativeBpm): how often
   * the written tempo is among what a user is shown.
   */
  tempoNamed: number;
  keyExact: number;
  keyRelative: number;
  /** Same mode, tonic a fifth up or down (the dominant or subdominant key). */
  keyFifth: number;
  /**
   * The key signature right (the key exact or its relative major/minor): what chord degrees are read against
   * (progression-codes.ts), and the one reading that pieces without a tonic chord still define — the second
   * synth's truth is the major scale its notes come from, and 9 of its 14 tuning pieces whose loop never plays I
   * come out as the minor key of the ii or vi chord the loop dwells on (Dorian or Aeolian there), which no
   * major/minor key names exactly.
   */
  keySignature: number;
}

/** The major key whose scale a key's notes are: the key itself, or a minor key's relative major. */
const signature = (k: { tonic: number; mode: 'major' | 'minor' }) =>
  k.mode === 'major' ? k.tonic : (k.tonic + 3) % 12;

/** Acc1: within 4 % of the truth; Acc2 also accepts half, double, third and triple tempo. */
export function truthSummary(checks: TruthCheck[]): TruthSummary {
  const within = (est: number, truth: number) => Math.abs(est - truth) <= 0.04 * truth;
  const relative = (c: TruthCheck) =>
    c.key.mode !== c.truth.mode &&
    (c.truth.mode === 'major' ? (c.truth.tonic + 9) % 12 : (c.truth.tonic + 3) % 12) === c.key.tonic;
  return {
    n: checks.length,
    tempoAcc1: share(checks, (c) => within(c.tempoBpm, c.truth.bpm)),
    tempoAcc2: share(checks, (c) => [1, 2, 0.5, 3, 1 / 3].some((f) => within(c.tempoBpm, c.truth.bpm * f))),
    tempoNamed: share(checks, (c) => [c.tempoBpm, c.tempoAlternativeBpm ?? 0].some((bpm) => within(bpm, c.truth.bpm))),
    keyExact: share(checks, (c) => c.key.tonic === c.truth.tonic && c.key.mode === c.truth.mode),
    keyRelative: share(checks, relative),
    keyFifth: share(
      checks,
      (c) => c.key.mode === c.truth.mode && [5, 7].includes((c.key.tonic - c.truth.tonic + 12) % 12),
    ),
    keySignature: share(checks, (c) => signature(c.key) === signature(c.truth)),
  };
}

// ---------------------------------------------------------------- formatting

const pct = (x: number) => (Number.isNaN(x) ? '—' : `${Math.round(100 * x)} %`);
const num = (x: number) => (Number.isNaN(x) ? '—' : String(Math.round(x)));

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const thresholdText = (s: Separation) => (s.upTo > s.threshold ? `${s.threshold}–${s.upTo}` : String(s.threshold));

function targetText(t: KindTarget): string {
  const what = t.metric === 'found' ? 'top-1 ≥ 80' : `any ≥ ${t.at}`;
  return `${what} ${t.op === '>=' ? '≥' : '≤'} ${Math.round(t.value * 100)} %`;
}

function kindTable(cases: JudgedCase[]): string {
  const rows = kindRows(cases).map((r) => {
    const group = cases.filter((c) => c.kind === r.kind);
    const source = group.map((c) => c.sourceSimilarity);
    const top = group.map((c) => c.topSimilarity);
    const matching = KIND_TARGETS[r.kind].metric === 'found';
    return [
      KIND_TARGETS[r.kind].label,
      String(r.n),
      matching ? pct(r.top1) : '—',
      matching ? pct(r.found) : '—',
      matching ? '—' : pct(r.flagged),
      matching
        ? `${num(quantile(source, 0))}/${num(quantile(source, 0.5))}/${num(quantile(source, 1))}`
        : `${num(quantile(top, 0))}/${num(quantile(top, 0.5))}/${num(quantile(top, 1))}`,
      targetText(KIND_TARGETS[r.kind]),
      r.pass ? 'PASS' : 'MISS',
    ];
  });
  return table(
    [
      'case',
      'n',
      'top-1',
      'top-1 ≥ 80',
      `flagged (≥ 60; progression ≥ 80)`,
      'similarity min/med/max',
      'target',
      'result',
    ],
    rows,
  );
}

function distributionTable(matches: number[], unrelated: number[]): string {
  const deciles = Array.from({ length: 11 }, (_, i) => i / 10);
  const rows = deciles.map((q) => [`p${Math.round(q * 100)}`, num(quantile(matches, q)), num(quantile(unrelated, q))]);
  return table(['quantile', `true matches (n=${matches.length})`, `should not match (n=${unrelated.length})`], rows);
}

/** Ten-point bins of similarity, one bar of # per case for each group. */
function histogram(matches: number[], unrelated: number[]): string {
  const bins = (values: number[]) =>
    Array.from({ length: 10 }, (_, b) => values.filter((v) => Math.min(9, Math.floor(v / 10)) === b).length);
  const [m, u] = [bins(matches), bins(unrelated)];
  const scale = Math.max(1, Math.ceil(Math.max(...m, ...u) / 30));
  const bar = (count: number) => '#'.repeat(Math.ceil(count / scale)).padEnd(Math.ceil(Math.max(...m, ...u) / scale));
  const lines = m.map(
    (_, b) =>
      `${String(b * 10).padStart(3)}–${String(b * 10 + 9 + (b === 9 ? 1 : 0)).padEnd(3)} ${bar(u[b])} ${String(u[b]).padStart(3)} | ${String(m[b]).padStart(3)} ${bar(m[b])}`,
  );
  return [
    '```',
    `similarity  should not match (top match)  |  true matches (source)   (# = ${scale} case${scale > 1 ? 's' : ''})`,
    ...lines,
    '```',
  ].join('\n');
}

export function formatSourceReport(report: SourceReport): string {
  const { matches, unrelated } = similarityGroups(report.cases);
  const separation = bestThreshold(matches, unrelated);
  const truth = truthSummary(report.truth);
  const rows = kindRows(report.cases);
  const out = [
    `### ${report.source} — ${report.split} split`,
    '',
    `${report.description}. ${report.referenceCount} catalogue tracks, ${report.cases.length} queries, engine ${report.engineVersion}, ${report.date}, ${Math.round(report.seconds)} s.`,
    '',
    kindTable(report.cases),
    '',
    `Targets met: ${rows.filter((r) => r.pass).length} of ${rows.length}.`,
    '',
    "Similarity distributions (true matches: the source track's similarity, 0 when not found; should not match: the top match of originals and progression-only queries):",
    '',
    distributionTable(matches, unrelated),
    '',
    histogram(matches, unrelated),
    '',
    separation
      ? `Best separating threshold: **${thresholdText(separation)}** — below it ${pct(separation.missRate)} of true matches are missed, at or above it ${pct(separation.falseRate)} of the queries that should not match are flagged.`
      : 'Best separating threshold: — (this split has no cases of one of the two groups).',
    '',
    truth.n
      ? `Tempo and key on ${truth.n} catalogue pieces with known truth: tempo Acc1 (within 4 %) ${pct(truth.tempoAcc1)}, Acc2 (octave errors allowed) ${pct(truth.tempoAcc2)}, the written tempo named as the tempo or its alternative ${pct(truth.tempoNamed)}; key exact ${pct(truth.keyExact)}, relative major/minor instead ${pct(truth.keyRelative)}, a fifth off (dominant or subdominant) ${pct(truth.keyFifth)}; key signature right ${pct(truth.keySignature)}.`
      : 'Tempo and key: no piece with known truth in this split.',
  ];
  return out.join('\n');
}

/** One line per source and split for the summary table. */
export function summaryRow(report: SourceReport): string[] {
  const byKind = new Map(kindRows(report.cases).map((r) => [r.kind, r]));
  const figure = (kind: SourceKind) => (byKind.has(kind) ? pct(byKind.get(kind)!.figure) : '—');
  const { matches, unrelated } = similarityGroups(report.cases);
  const separation = bestThreshold(matches, unrelated);
  const truth = truthSummary(report.truth);
  return [
    report.source,
    report.split,
    String(report.cases.length),
    ...SOURCE_KINDS.map(figure),
    separation ? `${thresholdText(separation)} (${pct(separation.missRate)} / ${pct(separation.falseRate)})` : '—',
    truth.n ? `${pct(truth.tempoAcc1)} / ${pct(truth.keyExact)}` : '—',
  ];
}

export function formatSummary(reports: SourceReport[]): string {
  const header = [
    'source',
    'split',
    'n',
    'exact copy',
    'effects copy',
    'pitched ±1–3',
    'speed 80–125 %',
    'sample',
    'cover',
    'borrowed melody',
    'progression flagged ≥ 80',
    'originals flagged ≥ 60',
    'threshold (miss / false)',
    'tempo Acc1 / key',
  ];
  return table(header, reports.map(summaryRow));
}
