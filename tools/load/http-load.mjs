// Requests/s and latency of gateway endpoints under autocannon, each compared with a bare endpoint.
import autocannon from 'autocannon';

/** One autocannon run; fails loudly when requests fail, so a figure never hides errors. */
export async function loadEndpoint({ url, headers = {}, connections, durationSeconds }) {
  const result = await autocannon({ url, headers, connections, duration: durationSeconds });
  const failed = result.errors + result.timeouts + result.non2xx;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed,
    total: result.requests.total,
  };
}

const pad = (value, width) => String(value).padStart(width);

/** A table of the runs, with requests/s as a ratio of the first (bare) run. */
export function formatLoadTable(runs) {
  const bare = runs[0].result.requestsPerSecond;
  const lines = [
    `${'endpoint'.padEnd(28)} ${pad('req/s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('× bare', 7)} ` +
      `${pad('failed', 7)} ${pad('CPU ms/req gateway', 19)} ${pad('stack', 6)}`,
  ];
  for (const { name, result } of runs) {
    lines.push(
      `${name.padEnd(28)} ${pad(Math.round(result.requestsPerSecond), 8)} ${pad(result.p50, 7)} ${pad(result.p99, 7)} ` +
        `${pad((result.requestsPerSecond / bare).toFixed(2), 7)} ${pad(result.failed, 7)} ` +
        `${pad(result.gatewayCpuMs?.toFixed(3) ?? '', 19)} ${pad(result.stackCpuMs?.toFixed(3) ?? '', 6)}`,
    );
  }
  return lines.join('\n');
}
