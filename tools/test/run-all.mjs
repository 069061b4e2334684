#!/usr/bin/env node
// `npm test`: every unit, frontend and integration test (one Jest run), then the browser tests.
// Prints one closing line "N passed, N failed" over all of them, and exits non-zero on any failure.
//
// Like `npm start`, it needs nothing but Node on a fresh machine: it installs dependencies when node_modules is
// missing, starts an embedded Postgres (tools/dev/infra.mjs) when no server answers at DATABASE_URL and no container
// runtime is there for Testcontainers, and gives the browser tests a private nats-server. It stops at once, naming
// the package to install, when nats-server or Chromium is missing.
//
// `npm test -- --no-browser` skips the browser tests; any other argument goes to Jest
// (`npm test -- --no-browser --selectProjects integration --testPathPatterns services/identity`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

const args = process.argv.slice(2);
const withBrowser = !args.includes('--no-browser');
const jestArgs = args.filter((a) => a !== '--no-browser');
const log = (line) => console.log(line);

const tmp = mkdtempSync(join(tmpdir(), 'originality-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(label, command, commandArgs, resultFile, env) {
  console.log(`\n▶ ${label}`);
  const { status } = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env });
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

function installWhenMissing() {
  if (existsSync(join(ROOT, 'node_modules'))) return;
  log('• Installing dependencies (npm ci)');
  const { status } = spawnSync('npm', ['ci'], { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) throw new Error(`npm ci failed (exit ${status})`);
}

/** Whether Testcontainers finds Docker or Podman (then libs/testing runs Postgres and NATS in containers). */
async function containerRuntimeAvailable() {
  if (process.env.TESTCONTAINERS_DISABLED === 'true') return false;
  const { getContainerRuntimeClient } = await import('testcontainers');
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), 3000)));
  try {
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The server the suites create their databases on: DATABASE_URL's, else an embedded one (as `npm start`). */
async function providePostgresForTests(infra) {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const u = new URL(url);
  if (await infra.portAnswers(u.hostname, Number(u.port || 5432))) return { url, stop: async () => {} };
  if (await containerRuntimeAvailable()) {
    log(`• No Postgres answers at ${u.host}; the suites run Postgres in containers (Testcontainers).`);
    return { url, stop: async () => {} };
  }
  return infra.providePostgres(url, (line) => log(`• ${line}`));
}

function natsServerInstalled() {
  const bin = process.env.NATS_SERVER_BIN ?? 'nats-server';
  return spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Each suite starts its own nats-server (libs/testing); without the binary they share NATS_URL's server. */
async function checkNats(infra) {
  if (natsServerInstalled() || (await containerRuntimeAvailable())) return;
  const u = new URL(process.env.NATS_URL ?? DEFAULT_NATS_URL);
  if (await infra.portAnswers(u.hostname, Number(u.port || 4222))) {
    log(`• No nats-server binary: the suites share the NATS server at ${u.host}.`);
    return;
  }
  throw new Error(
    `No nats-server binary on the PATH and no NATS server answers at ${u.host}.\n` +
      'Install it (Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server), ' +
      'or point NATS_URL at a running server with JetStream enabled.',
  );
}

function freePort() {
  return new Promise((done, fail) => {
    const server = net.createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

function findChromium() {
  const path = process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
  if (path && existsSync(path)) return path;
  throw new Error(
    `Chromium was not found${process.env.CHROMIUM_PATH ? ` at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : ''}; ` +
      'the browser tests drive it.\n' +
      'Install it (Debian/Ubuntu: apt-get install chromium; macOS: brew install --cask chromium), ' +
      'set CHROMIUM_PATH to a Chromium or Chrome binary, or run `npm test -- --no-browser`.',
  );
}

const cleanups = [];
try {
  installWhenMissing();
  const infra = await import('../dev/infra.mjs');
  const chromium = withBrowser ? findChromium() : null;
  await checkNats(infra);
  const postgres = await providePostgresForTests(infra);
  cleanups.push(postgres.stop);
  const env = { ...process.env, DATABASE_URL: postgres.url };

  const jestResults = join(tmp, 'jest.json');
  run(
    'unit, frontend and integration tests (Jest)',
    'npx',
    ['jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${jestResults}`, ...jestArgs],
    jestResults,
    env,
  );

  if (chromium) {
    // The browser tests' stack gets a NATS of its own, so no other running stack answers its requests.
    const nats = natsServerInstalled()
      ? await infra.provideNats(`nats://127.0.0.1:${await freePort()}`, () => {})
      : { url: process.env.NATS_URL ?? DEFAULT_NATS_URL, stop: async () => {} };
    cleanups.push(nats.stop);
    const e2eResults = join(tmp, 'e2e.json');
    run('browser tests (Chromium)', 'node', ['tools/test/e2e.mjs', `--json=${e2eResults}`], e2eResults, {
      ...env,
      NATS_URL: nats.url,
      CHROMIUM_PATH: chromium,
    });
  }
} catch (err) {
  ok = false;
  console.error(`\nnpm test could not run: ${err.message}`);
} finally {
  for (const stop of cleanups.reverse()) await stop().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
