/**
 * Prints the Markdown of saved source reports (the JSON files `eval --source … --out DIR` writes), each table
 * then a summary per split, so docs/engine-evaluation.md can be regenerated without rerunning the engine.
 *
 *   node tools/run-ts.mjs tools/eval/format-reports.ts DIR/eval-*.json
 */
import { readFileSync } from 'node:fs';
import type { SourceReport } from './source-eval';
import { formatSourceReport, formatSummary } from './source-report';
import { SPLITS } from './sources/source';

const reports = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')) as SourceReport);
if (reports.length === 0) throw new Error('usage: format-reports.ts REPORT.json...');
for (const split of SPLITS) {
  const ofSplit = reports.filter((r) => r.split === split);
  if (ofSplit.length === 0) continue;
  console.log(`## ${split === 'tuning' ? 'Tuning split' : 'Held-out split'}\n`);
  console.log(`${formatSummary(ofSplit)}\n`);
  for (const report of ofSplit) console.log(`${formatSourceReport(report)}\n`);
}
