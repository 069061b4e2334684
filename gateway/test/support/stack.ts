import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getTestNats, eventually } from '@originality/testing';
import { connect } from 'nats';

export const ROOT = resolve(__dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface TestNatsServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A NATS server of this suite's own when the binary is installed: services answer in queue groups
 * named after them, so on a shared server another suite's identity could answer our requests.
 */
export async function privateNats(): Promise<TestNatsServer> {
  if (spawnSync('nats-server', ['--version']).status !== 0) return getTestNats();
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'gateway-nats-'));
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
  const url = `nats://127.0.0.1:${port}`;
  await eventually(
    async () => {
      const nc = await connect({ servers: url, timeout: 500 }).catch(() => null);
      await nc?.close();
      return nc !== null;
    },
    { timeoutMs: 10_000, intervalMs: 100, what: 'private nats-server' },
  );
  return {
    url,
    stop: async () => {
      await stopChild(child);
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** The real identity service, started as its main.ts would be, in a child process. */
export function startIdentity(env: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  return startServiceProcess('identity', env);
}

/** A service, started as its main.ts would be, in a child process; ready once it answers its ping. */
export async function startServiceProcess(
  service: 'identity' | 'billing' | 'upload' | 'analysis' | 'admin-analytics',
  env: Record<string, string>,
): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', `services/${service}/src/main.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      SWC_NODE_PROJECT: join(ROOT, 'tsconfig.runtime.json'),
      HTTP_PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ping = `${service}.health.ping`;
  const nc = await connect({ servers: env.NATS_URL });
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${service} exited with code ${child.exitCode}`);
        return nc
          .request(ping, JSON.stringify({ pattern: ping, data: {}, id: '1' }), { timeout: 500 })
          .then(() => true)
          .catch(() => false);
      },
      { timeoutMs: 60_000, intervalMs: 250, what: `${service} service` },
    );
  } finally {
    await nc.close();
  }
  return { stop: () => stopChild(child) };
}

/** The dev identity provider (ESM, so a child process: `node tools/dev-idp/server.mjs`). */
export async function startDevIdp(env: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['tools/dev-idp/server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await eventually(
    async () => {
      const res = await fetch(`${env.DEV_IDP_ISSUER}/.well-known/openid-configuration`).catch(() => null);
      return res?.ok === true;
    },
    { timeoutMs: 20_000, intervalMs: 100, what: 'dev identity provider' },
  );
  return { stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}
