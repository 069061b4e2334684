#!/usr/bin/env node
// `npm test`: every unit, frontend and integration test (one Jest run), then the browser tests.
// Prints one closing line "N passed, N failed" over all of them, and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tmp = mkdtempSync(join(tmpdir(), 'originality-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(label, command, args, resultFile) {
  console.log(`\n▶ ${label}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (status !== 0) ok = false;
  try {
    const r = JSON.parse(readFileSync(resultFile, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } catch {
    totals.failed += 1; // the runner died before writing its results
  }
}

const jestResults = join(tmp, 'jest.json');
run(
  'unit, frontend and integration tests (Jest)',
  'npx',
  ['jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${jestResults}`],
  jestResults,
);

if (!process.argv.includes('--no-browser')) {
  const e2eResults = join(tmp, 'e2e.json');
  run('browser tests (Chromium)', 'node', ['tools/test/e2e.mjs', `--json=${e2eResults}`], e2eResults);
}

rmSync(tmp, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
