import { performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
export function trace(label: string): void {
  if (!process.env.ORIGINALITY_TRACE) return;
  const t = performance.timeOrigin + performance.now();
  process.stderr.write(`TRACE ${t.toFixed(1)} ${isMainThread ? 'main' : 'help'} ${label}\n`);
}
