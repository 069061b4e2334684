// Starts the whole product as child processes: the dev identity provider, the five services and
// the gateway (which also serves the built frontend). Used by `npm start` and the browser tests.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { waitFor } from './infra.mjs';
import { provideObjectStore } from './object-store.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname;

export const SERVICES = [
  { name: 'identity', entry: 'services/identity/src/main.ts', portOffset: 101 },
  { name: 'billing', entry: 'services/billing/src/main.ts', portOffset: 102 },
  { name: 'upload', entry: 'services/upload/src/main.ts', portOffset: 103 },
  { name: 'analysis', entry: 'services/analysis/src/main.ts', portOffset: 104 },
  { name: 'admin-analytics', entry: 'services/admin-analytics/src/main.ts', portOffset: 105 },
];

/** The e-mail that signs in as the super administrator through the dev identity provider. */
export const DEV_SUPER_ADMIN_EMAIL = 'admin@originality.local';
export const devSubjectFor = (email) => `dev:${email.trim().toLowerCase()}`;

const TS_RUNTIME = ['-r', '@swc-node/register'];
/**
 * A larger young generation for the gateway: under load it spent a seventh of its CPU in scavenges of short-lived
 * request objects, half that with 32 MB semi-spaces (docker-compose.yml sets the same).
 */
const GATEWAY_V8 = ['--max-semi-space-size=32'];

async function httpOk(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * @param {object} o
 * @param {string} o.databaseUrl
 * @param {string} o.natsUrl
 * @param {number} o.basePort gateway port; the IdP takes basePort+1 and services basePort+101…105
 * @param {string} [o.logDir] write each process's output to <logDir>/<name>.log instead of the terminal
 * @param {Record<string,string>} [o.env] extra environment for every process
 * @param {string} [o.objectStoreDir] where the local s3rver keeps its data (default: a temp folder)
 */
export async function startStack({
  databaseUrl,
  natsUrl,
  basePort = 3000,
  logDir,
  env = {},
  objectStoreDir,
  log = console.log,
}) {
  // s3rver on basePort+1569 (4569 beside the default 3000), unless S3_ENDPOINT names another store.
  const objectStore = await provideObjectStore({ port: basePort + 1569, directory: objectStoreDir, log });
  const publicUrl = `http://localhost:${basePort}`;
  const issuer = `http://localhost:${basePort + 1}`;
  const common = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    SWC_NODE_PROJECT: join(ROOT, 'tsconfig.runtime.json'),
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    SUPER_ADMIN_SUBJECT: process.env.SUPER_ADMIN_SUBJECT ?? devSubjectFor(DEV_SUPER_ADMIN_EMAIL),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...objectStore.env,
    ...env,
  };
  const children = [];

  const launch = (name, args, extraEnv) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...common, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const sink = logDir ? createWriteStream(join(logDir, `${name}.log`)) : null;
    for (const stream of [child.stdout, child.stderr]) {
      if (sink) stream.pipe(sink, { end: false });
      else createInterface({ input: stream }).on('line', (line) => log(`[${name}] ${line}`));
    }
    child.on('exit', (code, signal) => {
      if (!stopping) log(`[${name}] exited (${signal ?? code})`);
    });
    children.push({ name, child });
    return child;
  };
  let stopping = false;

  const stop = async () => {
    stopping = true;
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await objectStore.stop();
  };

  // Generous: a condition, not a delay. Six processes compile their TypeScript at once, which takes
  // minutes on a loaded 2-core machine.
  const expectUp = async (name, url, timeoutMs = 240_000) => {
    const proc = children.find((c) => c.name === name)?.child;
    await waitFor(
      async () => {
        if (proc && proc.exitCode !== null)
          throw new Error(`${name} exited with code ${proc.exitCode} during start-up`);
        return httpOk(url);
      },
      { timeoutMs, what: `${name} at ${url}` },
    );
  };

  try {
    launch('dev-idp', ['tools/dev-idp/server.mjs'], {
      DEV_IDP_PORT: String(basePort + 1),
      DEV_IDP_ISSUER: issuer,
      DEV_IDP_CLIENT_ID: 'originality-gateway',
      DEV_IDP_CLIENT_SECRET: 'dev-secret',
      DEV_IDP_REDIRECT_URIS: `${publicUrl}/api/callback`,
      DEV_IDP_POST_LOGOUT_REDIRECT_URIS: `${publicUrl}/`,
    });
    for (const s of SERVICES) {
      if (existsSync(join(ROOT, s.entry)))
        launch(s.name, [...TS_RUNTIME, s.entry], { HTTP_PORT: String(basePort + s.portOffset), PUBLIC_URL: publicUrl });
    }
    await Promise.all([
      expectUp('dev-idp', `${issuer}/.well-known/openid-configuration`),
      ...SERVICES.filter((s) => existsSync(join(ROOT, s.entry))).map((s) =>
        expectUp(s.name, `http://127.0.0.1:${basePort + s.portOffset}/health/ready`),
      ),
    ]);
    launch('gateway', [...GATEWAY_V8, ...TS_RUNTIME, 'gateway/src/main.ts'], {
      HTTP_PORT: String(basePort),
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: 'originality-gateway',
      OIDC_CLIENT_SECRET: 'dev-secret',
      FRONTEND_DIST: join(ROOT, 'frontend', 'dist'),
    });
    await expectUp('gateway', `http://127.0.0.1:${basePort}/health/ready`);
  } catch (err) {
    await stop();
    throw err;
  }
  /** The running processes by name and pid (the load script reads their CPU time). */
  const processes = () => children.map(({ name, child }) => ({ name, pid: child.pid }));
  // The object store's settings, for tools run beside the stack (the demo catalogue keeps reference audio there).
  return { publicUrl, issuer, stop, processes, objectStoreEnv: objectStore.env };
}
