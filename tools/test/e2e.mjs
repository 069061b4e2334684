#!/usr/bin/env node
// Browser tests: the real stack (dev IdP, services, gateway serving the built frontend) on its own
// ports and a fresh database, driven in Debian's Chromium through playwright-core.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { dropDatabase, provideNats, providePostgres } from '../dev/infra.mjs';
import { DEV_SUPER_ADMIN_EMAIL, ROOT, startStack } from '../dev/stack.mjs';
import { keepDemoReferenceAudio, prepareDemoAudio } from './e2e/demo-audio.mjs';
import { tests } from './e2e/index.mjs';

const resultFile = process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 3900);
const log = (line) => console.log(line);

const results = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
const logDir = mkdtempSync(join(tmpdir(), 'originality-e2e-logs-'));
const baseDb = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const dbUrl = new URL(baseDb);
dbUrl.pathname = `/originality_e2e_${process.pid}_${Date.now()}`;

function buildFrontend() {
  log('• building the frontend');
  const { status } = spawnSync('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (status !== 0) throw new Error('frontend build failed');
}

function printLogs() {
  for (const name of ['gateway', 'identity', 'upload', 'analysis', 'dev-idp']) {
    const file = join(logDir, `${name}.log`);
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').trim().split('\n').slice(-25);
    console.log(`\n--- last lines of ${name}.log ---\n${lines.join('\n')}`);
  }
}

let stack;
let browser;
const cleanups = [];
try {
  buildFrontend();
  const postgres = await providePostgres(dbUrl.toString(), log);
  cleanups.push(() => dropDatabase(postgres.url).catch(() => {}), postgres.stop);
  const nats = await provideNats(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', log);
  cleanups.push(nats.stop);
  const demoAudio = prepareDemoAudio({ root: ROOT, databaseUrl: postgres.url, log });
  stack = await startStack({ databaseUrl: postgres.url, natsUrl: nats.url, basePort: BASE_PORT, logDir, log });
  cleanups.unshift(stack.stop);
  await keepDemoReferenceAudio({
    root: ROOT,
    databaseUrl: postgres.url,
    objectStoreEnv: stack.objectStoreEnv,
    audio: demoAudio,
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const ctx = {
    browser,
    publicUrl: stack.publicUrl,
    issuer: stack.issuer,
    superAdminEmail: DEV_SUPER_ADMIN_EMAIL,
    demoAudio,
  };
  for (const t of tests) {
    if (only && !t.name.includes(only)) continue;
    const started = Date.now();
    try {
      await t.run(ctx);
      results.numPassedTests++;
      log(`  ✓ ${t.name} (${Date.now() - started} ms)`);
    } catch (err) {
      results.numFailedTests++;
      log(
        `  ✗ ${t.name}\n    ${String(err?.stack ?? err)
          .split('\n')
          .slice(0, 8)
          .join('\n    ')}`,
      );
    }
  }
  if (results.numFailedTests) printLogs();
} catch (err) {
  results.numFailedTests++;
  console.error(`browser tests could not run: ${err?.stack ?? err}`);
  printLogs();
} finally {
  await browser?.close().catch(() => {});
  for (const c of cleanups) await c().catch(() => {});
}
log(`\nbrowser: ${results.numPassedTests} passed, ${results.numFailedTests} failed`);
if (resultFile) writeFileSync(resultFile, JSON.stringify(results));
process.exit(results.numFailedTests ? 1 : 0);
