import cluster, { type Worker } from 'node:cluster';
import { isPeerNotice } from './gateway-peers';

/** A worker that dies after it served is started again after this pause (a crash loop does not spin the CPU). */
const RESTART_DELAY_MS = 1_000;

type Log = (line: string) => void;

/**
 * The primary of a clustered gateway: forks the workers (each a whole gateway sharing the HTTP port, the kernel
 * connection queue handing connections out in turn), relays their peer notices, starts again a worker that dies
 * after it was serving, and on SIGTERM/SIGINT stops them all and exits once they have. When the first workers fail
 * during start-up (bad settings, no database) the gateway stops: starting them again would fail the same way. Once
 * the gateway has served, a replacement that fails to start (Postgres away, say) is tried again after the pause.
 */
export function runGatewayPrimary(workerCount: number, log: Log = (line) => console.error(line)): void {
  let stopping = false;
  const serving = new WeakSet<Worker>();
  let hasServed = false;
  const fork = () =>
    cluster.fork().once('listening', function (this: Worker) {
      serving.add(this);
      hasServed = true;
    });

  cluster.on('message', (from, message) => {
    if (!isPeerNotice(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      // A worker that is going away may close its channel meanwhile: the notice has nobody left to reach there.
      if (worker && worker !== from && worker.isConnected())
        worker.send(message, undefined, undefined, () => undefined);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const left = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (left === 0) process.exit();
      return;
    }
    if (!serving.has(worker) && !hasServed) {
      log(`gateway cannot start: worker ${worker.process.pid} exited with code ${code ?? signal} during start-up`);
      stopAll('SIGTERM', 1);
      return;
    }
    log(`gateway worker ${worker.process.pid} exited (${code ?? signal}); starting another in ${RESTART_DELAY_MS} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });

  function stopAll(signal: NodeJS.Signals, exitCode?: number): void {
    stopping = true;
    if (exitCode !== undefined) process.exitCode = exitCode;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit();
    for (const worker of workers) worker?.process.kill(signal);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(signal));

  for (let i = 0; i < workerCount; i++) fork();
}
