#!/usr/bin/env node
// `node tools/bench/gateway-upload-rss.mjs [--mb 50]`: the gateway's resident memory before and after a
// browser-sized upload through the whole local stack (tools/dev/stack.mjs: s3rver, services, gateway).
// It signs in through the dev identity provider, asks the gateway for a presigned URL, PUTs the file
// straight to the object store and registers it, then prints the gateway's RSS (from /proc) both times.
// The bytes never pass through the gateway, so the difference stays near zero whatever the size.
// Uses its own NATS server (needs `nats-server` on the PATH), database and ports (base 4700, or BENCH_BASE_PORT).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startStack } from '../dev/stack.mjs';

const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 4700);
const at = process.argv.indexOf('--mb');
const MEGABYTES = at >= 0 ? Number(process.argv[at + 1]) : 50;
const SERVER_DB = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * fetch, tried a second time when the server had closed the kept-alive socket just as it was reused
 * (undici's "other side closed"; seen from the dev IdP and s3rver on a busy machine).
 */
async function fetchRetryingClosedSocket(url, init) {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (err?.cause?.code !== 'UND_ERR_SOCKET') throw err;
    return fetch(url, init);
  }
}

/** A cookie-keeping client that follows the sign-in redirects by hand. */
function client() {
  const jars = new Map();
  const request = async (url, init = {}) => {
    const target = new URL(url);
    const jar = jars.get(target.host) ?? new Map();
    const headers = { ...(init.headers ?? {}) };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetchRetryingClosedSocket(target, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    jars.set(target.host, jar);
    return res;
  };
  const signIn = async (appUrl, email) => {
    let res = await request(`${appUrl}/api/login`);
    for (let hop = 0; hop < 15; hop++) {
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, res.url);
        if (next.origin === appUrl && !next.pathname.startsWith('/api/')) return;
        res = await request(next.href);
        continue;
      }
      const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(await res.text())?.[1];
      if (!action) throw new Error(`sign-in stopped at ${res.url} (${res.status})`);
      res = await request(new URL(action, res.url).href, {
        method: 'POST',
        body: new URLSearchParams({ email, name: 'Bench User' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    throw new Error('too many redirects while signing in');
  };
  const api = async (appUrl, method, path, body) => {
    const res = await request(`${appUrl}${path}`, {
      method,
      body: body && JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return { signIn, api };
}

/** Resident memory of the process listening on `port`, in MB. */
function rssOfListener(port) {
  const pid = /pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString())?.[1];
  if (!pid) throw new Error(`no process listens on ${port}`);
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

const natsDir = mkdtempSync(join(tmpdir(), 'bench-nats-'));
const natsPort = BASE_PORT + 90;
const nats = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-sd', natsDir], {
  stdio: 'ignore',
});
const dbName = `originality_bench_rss_${process.pid}`;
const admin = new pg.Client({ connectionString: SERVER_DB });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const databaseUrl = Object.assign(new URL(SERVER_DB), { pathname: `/${dbName}` }).toString();
const logDir = mkdtempSync(join(tmpdir(), 'bench-rss-logs-'));
let stack;
try {
  stack = await startStack({
    databaseUrl,
    natsUrl: `nats://127.0.0.1:${natsPort}`,
    basePort: BASE_PORT,
    logDir,
    env: { FRONTEND_DIST: '/nonexistent' },
    log: () => undefined,
  });
  const { signIn, api } = client();
  await signIn(stack.publicUrl, 'bench@example.test');
  const file = Buffer.alloc(Math.round(MEGABYTES * 1024 * 1024) - 1024, 0x55);
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1').copy(file);
  await api(stack.publicUrl, 'GET', '/api/usage'); // first request warms the route up
  const before = rssOfListener(BASE_PORT);
  const started = Date.now();
  const { uploadURL, objectPath } = await api(stack.publicUrl, 'POST', '/api/audio/upload', {
    mimeType: 'audio/mpeg',
    fileSize: file.length,
  });
  const put = await fetchRetryingClosedSocket(uploadURL, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': 'audio/mpeg' },
  });
  if (!put.ok) throw new Error(`PUT to storage: ${put.status}`);
  const upload = await api(stack.publicUrl, 'POST', '/api/audio/create', {
    filename: 'bench.mp3',
    originalFilename: 'bench.mp3',
    fileSize: file.length,
    mimeType: 'audio/mpeg',
    objectPath,
    duration: null,
  });
  const elapsed = Date.now() - started;
  const after = rssOfListener(BASE_PORT);
  console.log(
    `upload of ${(file.length / 1024 / 1024).toFixed(1)} MB: ${upload.analysisStatus}, ${elapsed} ms (URL, PUT, create)`,
  );
  console.log(
    `gateway RSS before ${before.toFixed(1)} MB, after ${after.toFixed(1)} MB: ${(after - before).toFixed(1)} MB`,
  );
} finally {
  await stack?.stop();
  nats.kill('SIGTERM');
  await new Promise((resolve) => nats.once('exit', resolve));
  rmSync(natsDir, { recursive: true, force: true });
  rmSync(logDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
