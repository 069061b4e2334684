#!/usr/bin/env node
// `npm run bench:start`: start time and memory of each process, compiled (dist/, as in the image) against the dev
// path (TypeScript through @swc-node/register, as `npm start`). Builds dist/ first, then for each runtime starts the
// five services one at a time and the gateway last, against a private nats-server and a fresh database,
// and prints the time from spawning the process to its first green /health/ready, the CPU time it used to get there
// (the steadier figure on a busy machine) and its resident memory then.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { dropDatabase, provideNats, providePostgres, waitFor } from '../dev/infra.mjs';
import { ROOT, SERVICES } from '../dev/stack.mjs';

const BASE_DB = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const GATEWAY = { name: 'gateway', entry: 'gateway/src/main.ts' };
const IDENTITY = SERVICES.find((s) => s.name === 'identity');
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
const RUNTIMES = {
  compiled: (source) => [join('dist', source.replace(/\.ts$/, '.js'))],
  'dev (swc-node)': (source) => ['-r', '@swc-node/register', source],
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function ready(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** CPU time the process has used (user + system, ms): unlike wall time, little moved by other load on the machine. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of proc(5))
  return (ticks * 1000) / CLOCK_TICKS;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Starts one app and resolves when its readiness answers 200, with the time that took and its memory then. */
async function measure(name, args, env, children) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, HTTP_PORT: String(port) }, stdio: 'ignore' });
  children.push(child);
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
      return ready(`http://127.0.0.1:${port}/health/ready`);
    },
    { timeoutMs: 120_000, intervalMs: 20, what: `${name} ready` },
  );
  return { startMs: performance.now() - started, cpuMs: cpuMs(child.pid), rssMb: rssMb(child.pid) };
}

async function stopAll(children) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

async function measureRuntime(runtime, command) {
  const dbUrl = new URL(BASE_DB);
  dbUrl.pathname = `/originality_start_${process.pid}_${Date.now()}`;
  const postgres = await providePostgres(dbUrl.toString(), () => {});
  const nats = await provideNats(`nats://127.0.0.1:${await freePort()}`, () => {});
  const idpPort = await freePort();
  const issuer = `http://localhost:${idpPort}`;
  const children = [];
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    SWC_NODE_PROJECT: join(ROOT, 'tsconfig.runtime.json'),
    DATABASE_URL: postgres.url,
    NATS_URL: nats.url,
    LOG_LEVEL: 'warn',
    OIDC_ISSUER_URL: issuer,
    // Figures per process: a clustered gateway runs this many times over (GATEWAY_WORKERS).
    GATEWAY_WORKERS: '1',
  };
  const rows = [];
  try {
    children.push(
      spawn(process.execPath, ['tools/dev-idp/server.mjs'], {
        cwd: ROOT,
        env: { ...env, DEV_IDP_PORT: String(idpPort), DEV_IDP_ISSUER: issuer },
        stdio: 'ignore',
      }),
    );
    await waitFor(() => ready(`${issuer}/.well-known/openid-configuration`), { what: 'dev IdP' });
    // One at a time, each stopped before the next starts, so no running process slows the next one down.
    for (const app of SERVICES) {
      const alone = [];
      rows.push({ runtime, app: app.name, ...(await measure(app.name, command(app.entry), env, alone)) });
      await stopAll(alone);
    }
    // The gateway is ready once identity answers its ping: identity runs beside it, unmeasured.
    await measure(IDENTITY.name, command(IDENTITY.entry), env, children);
    rows.push({ runtime, app: GATEWAY.name, ...(await measure(GATEWAY.name, command(GATEWAY.entry), env, children)) });
  } finally {
    await stopAll(children);
    await nats.stop();
    await dropDatabase(postgres.url).catch(() => {});
    await postgres.stop();
  }
  return rows;
}

const build = spawnSync(process.execPath, ['tools/build/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const rows = [];
for (const [runtime, command] of Object.entries(RUNTIMES)) rows.push(...(await measureRuntime(runtime, command)));

const cell = (value, unit, width) => `${Math.round(value)} ${unit}`.padStart(width);
console.log('\nprocess            runtime           start→ready  CPU to ready  RSS at ready');
for (const r of rows)
  console.log(
    `${r.app.padEnd(18)} ${r.runtime.padEnd(16)} ${cell(r.startMs, 'ms', 12)} ${cell(r.cpuMs, 'ms', 13)} ${cell(r.rssMb, 'MB', 13)}`,
  );
for (const runtime of Object.keys(RUNTIMES)) {
  const mine = rows.filter((r) => r.runtime === runtime);
  const sum = (key) => mine.reduce((total, r) => total + r[key], 0);
  console.log(
    `total, ${runtime}: ${Math.round(sum('startMs'))} ms start, ${Math.round(sum('cpuMs'))} ms CPU, ` +
      `${Math.round(sum('rssMb'))} MB RSS`,
  );
}
