/**
 * The small evaluation of the originality engine: a regression that drops identification or raises false
 * positives past the targets fails CI. The table is printed so the figures are in the log.
 *
 * The evaluation runs in a child Node process: inside Jest's sandbox every global lookup in the engine's
 * hot loops (Math, typed arrays) is many times slower, which turned a ~40 s run into ~15 minutes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CASE_KINDS } from './cases';
import type { EvalReport } from './harness';
import { runEvalProcess } from './run-eval-process';

jest.setTimeout(600_000);

/**
 * Case types whose published target the engine does not meet yet. The table still prints them as
 * MISS against the real target; here they are held to the level reached today, so a regression
 * still fails CI. Remove an entry as soon as its target is met.
 */
const KNOWN_GAPS: Partial<Record<(typeof CASE_KINDS)[number], number>> = {};

describe('originality engine evaluation (small)', () => {
  let report: EvalReport;

  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'originality-eval-report-'));
    try {
      const stdout = await runEvalProcess(['--size', 'small', '--out', out]);
      process.stdout.write(`${stdout}\n`);
      report = JSON.parse(readFileSync(join(out, 'eval-small.json'), 'utf8')) as EvalReport;
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('covers every case type with seeded, labelled cases', () => {
    expect(report.rows.map((r) => r.kind)).toEqual([...CASE_KINDS]);
    for (const row of report.rows) expect(row.count).toBeGreaterThanOrEqual(8);
  });

  it.each([...CASE_KINDS])('meets the target for %s', (kind) => {
    const row = report.rows.find((r) => r.kind === kind)!;
    const figure = row.target.metric === 'top1' ? row.top1Rate : row.flaggedRate;
    const required = KNOWN_GAPS[kind] ?? row.target.value;
    if (row.target.op === '>=') expect(figure).toBeGreaterThanOrEqual(required);
    else expect(figure).toBeLessThanOrEqual(required);
  });
});
