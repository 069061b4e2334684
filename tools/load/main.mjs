#!/usr/bin/env node
// `npm run bench:load`: what the stack costs at rest and how much the gateway holds.
// Starts a private NATS, a fresh database and the stack (dev IdP, services, gateway) on loopback,
// measures, prints, and stops everything by itself (bounded by LOAD_DEADLINE_SECONDS).
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, provideNats, providePostgres } from '../dev/infra.mjs';
import { startStack } from '../dev/stack.mjs';
import { formatLoadTable, loadEndpoint } from './http-load.mjs';
import { TICKS_PER_SECOND, cpuTicks, measureIdleCost } from './idle-cost.mjs';
import { signIn } from './sign-in.mjs';

const setting = (name, fallback) => Number(process.env[name] ?? fallback);
const BASE_PORT = setting('LOAD_BASE_PORT', 3800);
const CONNECTIONS = setting('LOAD_CONNECTIONS', 50);
const SECONDS = setting('LOAD_SECONDS', 10);
const IDLE_SECONDS = setting('LOAD_IDLE_SECONDS', 10);
const DEADLINE_SECONDS = setting('LOAD_DEADLINE_SECONDS', 360);
/** Postgres reports an idle backend's last counts up to 10 s late, and fresh processes still compile: let start-up pass. */
const SETTLE_MS = setting('LOAD_SETTLE_SECONDS', 30) * 1000;
const UNLIMITED = '1000000000';

const log = (line) => console.log(line);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function printIdleCost(idle) {
  log(`\nIdle for ${idle.seconds.toFixed(1)} s:`);
  log(`  Postgres commits/s in the stack's database: ${idle.commitsPerSecond.toFixed(2)}`);
  log(`  CPU, share of the whole machine: ${(idle.totalCpuShare * 100).toFixed(2)} %`);
  for (const [name, share] of idle.cpuShare) log(`    ${name.padEnd(18)} ${(share * 100).toFixed(2)} %`);
}

/** CPU milliseconds per request of the gateway and of the whole stack: a figure a busy machine distorts less than req/s. */
async function withCpuCost(processes, run) {
  const ticks = () => processes.map((p) => cpuTicks(p.pid));
  const before = ticks();
  const result = await run();
  const used = ticks().map((t, i) => t - before[i]);
  const msPerRequest = (t) => (t * 1000) / TICKS_PER_SECOND / Math.max(1, result.total);
  const gateway = processes.findIndex((p) => p.name === 'gateway');
  return {
    ...result,
    gatewayCpuMs: msPerRequest(used[gateway]),
    stackCpuMs: msPerRequest(used.reduce((a, b) => a + b, 0)),
  };
}

async function measureLoad(publicUrl, cookie, processes) {
  const endpoints = [
    { name: 'GET /health/live (bare)', path: '/health/live' },
    { name: 'GET /api/auth/user', path: '/api/auth/user', headers: { cookie } },
    { name: 'GET /api/maintenance-status', path: '/api/maintenance-status', headers: { cookie } },
  ];
  const runs = [];
  for (const endpoint of endpoints) {
    const target = { url: `${publicUrl}${endpoint.path}`, headers: endpoint.headers, connections: CONNECTIONS };
    await loadEndpoint({ ...target, durationSeconds: 2 }); // warm-up: JIT, pools, caches
    const result = await withCpuCost(processes, () => loadEndpoint({ ...target, durationSeconds: SECONDS }));
    log(`  ${endpoint.name}: ${Math.round(result.requestsPerSecond)} req/s`);
    runs.push({ name: endpoint.name, result });
  }
  log(`\n${CONNECTIONS} connections, ${SECONDS} s each, rate limits raised for the run:`);
  log(formatLoadTable(runs));
  return runs;
}

const cleanups = [];
async function cleanUp() {
  for (const stop of cleanups.splice(0).reverse()) await stop().catch(() => {});
}
const deadline = setTimeout(async () => {
  console.error(`bench:load: stopped after ${DEADLINE_SECONDS} s`);
  await cleanUp();
  process.exit(1);
}, DEADLINE_SECONDS * 1000);
process.on('SIGINT', () => cleanUp().then(() => process.exit(130)));

let failed = false;
try {
  const dbUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  dbUrl.pathname = `/originality_load_${process.pid}`;
  const postgres = await providePostgres(dbUrl.toString(), log);
  cleanups.push(postgres.stop, () => dropDatabase(postgres.url));
  // A private NATS: the services' queue groups must not meet another stack's.
  const nats = await provideNats(`nats://127.0.0.1:${await freePort()}`, log);
  cleanups.push(nats.stop);
  const logDir = mkdtempSync(join(tmpdir(), 'originality-load-logs-'));
  log(`• starting the stack on port ${BASE_PORT} (logs in ${logDir})`);
  const stack = await startStack({
    databaseUrl: postgres.url,
    natsUrl: nats.url,
    basePort: BASE_PORT,
    logDir,
    env: { RATE_LIMIT_PER_IP: UNLIMITED, RATE_LIMIT_PER_USER: UNLIMITED },
  });
  cleanups.push(stack.stop);
  const cookie = await signIn(stack.publicUrl, 'load@example.com');
  log(`• signed in; settling ${SETTLE_MS / 1000} s, then measuring ${IDLE_SECONDS} s of idleness`);
  await sleep(SETTLE_MS);
  printIdleCost(
    await measureIdleCost({
      databaseUrl: postgres.url,
      processes: stack.processes(),
      windowMs: IDLE_SECONDS * 1000,
    }),
  );
  log('\nLoad:');
  const runs = await measureLoad(stack.publicUrl, cookie, stack.processes());
  failed = runs.some((r) => r.result.failed > 0);
  if (failed) log('\nSome requests failed (see the "failed" column): the figures above are not valid.');
} catch (err) {
  failed = true;
  console.error(`bench:load failed: ${err?.stack ?? err}`);
} finally {
  clearTimeout(deadline);
  await cleanUp();
}
process.exit(failed ? 1 : 0);
