import { planCases, CASE_KINDS } from './cases';
import type { CaseCounts } from './cases';
import { demoTrack } from '@originality/music-synth';
import { formatEvalTable } from './harness';
import type { EvalReport } from './harness';

const counts = Object.fromEntries(CASE_KINDS.map((k) => [k, 5])) as CaseCounts;

describe('evaluation cases', () => {
  const tracks = Array.from({ length: 6 }, (_, i) => demoTrack(i, 'spec'));

  it('plans the same cases for the same seed', () => {
    expect(planCases(tracks, counts, 's1')).toEqual(planCases(tracks, counts, 's1'));
    expect(planCases(tracks, counts, 's1')).not.toEqual(planCases(tracks, counts, 's2'));
  });

  it('labels which cases should identify their source track', () => {
    const cases = planCases(tracks, counts, 's1');
    expect(cases).toHaveLength(5 * CASE_KINDS.length);
    expect(cases.filter((c) => !c.shouldMatch).map((c) => c.kind)).toEqual([
      ...Array(5).fill('progression-only'),
      ...Array(5).fill('original'),
    ]);
    for (const c of cases) expect(tracks.map((t) => t.id)).toContain(c.referenceId);
  });
});

describe('demo tracks', () => {
  it('have demo-labelled invented names and reproducible pieces', () => {
    const a = demoTrack(41, 'x');
    expect(a.id).toBe('demo-042');
    expect(a.title).toMatch(/\(Demo Piece 042\)$/);
    expect(a.artist).toMatch(/^Demo Ensemble \d+$/);
    expect(a.releaseYear).toBeGreaterThanOrEqual(1995);
    expect(demoTrack(41, 'x')).toEqual(a);
  });
});

describe('formatEvalTable', () => {
  it('prints each row with its target and PASS or MISS', () => {
    const dist = { min: 10, median: 50, p90: 90, max: 95 };
    const report: EvalReport = {
      size: 'small',
      seed: 's',
      engineVersion: 'e',
      referenceCount: 3,
      cases: [],
      passed: false,
      timings: { catalogueSec: 1, casesSec: 1, totalSec: 2 },
      rows: [
        {
          kind: 'cover',
          label: 'cover',
          count: 10,
          top1Rate: 0.95,
          flaggedRate: null,
          sourceSimilarity: dist,
          bestOtherSimilarity: dist,
          medianOriginality: 40,
          target: { metric: 'top1', op: '>=', value: 0.9 },
          pass: true,
        },
        {
          kind: 'original',
          label: 'original',
          count: 10,
          top1Rate: null,
          flaggedRate: 0.2,
          sourceSimilarity: dist,
          bestOtherSimilarity: dist,
          medianOriginality: 80,
          target: { metric: 'flagged', op: '<=', value: 0.05, threshold: 60 },
          pass: false,
        },
      ],
    };
    const table = formatEvalTable(report);
    expect(table).toMatch(/cover\s+10\s+95\.0%.*top-1 ≥ 90%\s+PASS/);
    expect(table).toMatch(/original\s+10\s+—\s+20\.0%.*≥60 ≤ 5%\s+MISS/);
  });
});
