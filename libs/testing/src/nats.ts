import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { containerRuntimeAvailable } from './container-runtime';
import { freePort } from './free-port';

export interface TestNats {
  url: string;
  stop(): Promise<void>;
}

/**
 * A NATS server with JetStream of this test suite's own, so no other process answers its requests
 * in the services' queue groups: a Testcontainers `nats:2 -js` when a container runtime answers,
 * else a `nats-server -js` child process on a free port when the binary is installed, else the
 * shared server at NATS_URL (TEST_NATS=shared forces that).
 */
export async function getTestNats(): Promise<TestNats> {
  if (process.env.TEST_NATS !== 'shared') {
    if (await containerRuntimeAvailable()) return containerNats();
    if (natsServerBinary()) return childNats();
  }
  return { url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', stop: async () => undefined };
}

async function containerNats(): Promise<TestNats> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('nats:2')
    .withCommand(['-js'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  return {
    url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`,
    stop: async () => void (await container.stop()),
  };
}

let binary: string | null | undefined;
function natsServerBinary(): string | null {
  if (binary === undefined) {
    const candidate = process.env.NATS_SERVER_BIN ?? 'nats-server';
    binary = spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0 ? candidate : null;
  }
  return binary;
}

async function childNats(): Promise<TestNats> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'test-nats-'));
  const child: ChildProcess = spawn(
    natsServerBinary()!,
    ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('nats-server did not start within 10 s')), 10_000);
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited with ${code}: ${output.slice(-500)}`));
    });
  });
  child.stderr?.removeAllListeners('data');
  child.stderr?.resume();
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
