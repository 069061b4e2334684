import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, getTestNats, eventually } from '@originality/testing';

export { freePort };
import { connect } from 'nats';

export const ROOT = resolve(__dirname, '../../..');

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
export function startIdentity(env: Record<string, string>): Promise<ServiceProcess> {
  return startServiceProcess('identity', env);
}

/** A service child process: `stop()` asks it to end, `kill()` ends it at once (fault tests). */
export interface ServiceProcess {
  stop(): Promise<void>;
  kill(): Promise<void>;
  /** The process id (a clustered gateway's primary). */
  pid?: number;
}

/** A service (services/<name>/src/main.ts) in a child process, once it answers its NATS ping. */
export async function startServiceProcess(name: string, env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', `services/${name}/src/main.ts`], {
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
  const nc = await connect({ servers: env.NATS_URL });
  const ping = `${name}.health.ping`;
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
        return nc
          .request(ping, JSON.stringify({ pattern: ping, data: {}, id: '1' }), { timeout: 500 })
          .then(() => true)
          .catch(() => false);
      },
      { timeoutMs: 60_000, intervalMs: 250, what: `${name} service` },
    );
  } finally {
    await nc.close();
  }
  return { stop: () => stopChild(child), kill: () => stopChild(child, 'SIGKILL'), pid: child.pid };
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

/**
 * The gateway as `main.ts` starts it, in a child process (with GATEWAY_WORKERS > 1, a primary and its workers),
 * once it reports ready at `url`.
 */
export async function startGatewayProcess(env: Record<string, string>, url: string): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'gateway/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.runtime.json'), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the gateway exited with code ${child.exitCode}`);
      const res = await fetch(`${url}/health/ready`).catch(() => null);
      return res?.status === 200;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: 'gateway process' },
  ).catch(async (err: unknown) => {
    await stopChild(child);
    throw err;
  });
  return { stop: () => stopChild(child), kill: () => stopChild(child, 'SIGKILL'), pid: child.pid };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill(signal);
  });
}
