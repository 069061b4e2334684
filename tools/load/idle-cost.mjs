// What a stack costs at rest: Postgres commits per second in its database and the CPU share of its
// processes (read from /proc), over the same window.
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import pg from 'pg';

/** Linux reports process CPU time in clock ticks of 1/100 s on every common platform. */
export const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process and the processes it started (a clustered gateway's workers) have used so far, in clock ticks. */
export function cpuTicks(pid) {
  return ownCpuTicks(pid) + childrenOf(pid).reduce((sum, child) => sum + cpuTicks(child), 0);
}

function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function ownCpuTicks(pid) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // the process ended
  }
}

async function withAdminClient(databaseUrl, fn) {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const databaseName = (url) => decodeURIComponent(new URL(url).pathname.slice(1));

async function commits(client, name) {
  const { rows } = await client.query('SELECT xact_commit FROM pg_stat_database WHERE datname = $1', [name]);
  return Number(rows[0]?.xact_commit ?? 0);
}

/** The Postgres backends serving the database (their CPU counts as the stack's). */
async function backendPids(client, name) {
  const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
  return rows.map((r) => r.pid);
}

/**
 * Measures over `windowMs`: commits/s in the stack's database, and CPU as a share of the whole
 * machine for each named process, for the Postgres backends of the database, and in total.
 * Queries go to the `postgres` database, so measuring adds nothing to the count.
 */
export async function measureIdleCost({ databaseUrl, processes, windowMs }) {
  const name = databaseName(databaseUrl);
  return withAdminClient(databaseUrl, async (client) => {
    const backends = await backendPids(client, name);
    const watched = [...processes, ...backends.map((pid) => ({ name: 'postgres', pid }))];
    const startTicks = watched.map((p) => cpuTicks(p.pid));
    const startCommits = await commits(client, name);
    const started = process.hrtime.bigint();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const endCommits = await commits(client, name);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const machineTicks = seconds * TICKS_PER_SECOND * availableParallelism();
    const share = new Map();
    watched.forEach((p, i) => {
      const used = cpuTicks(p.pid) - startTicks[i];
      share.set(p.name, (share.get(p.name) ?? 0) + used / machineTicks);
    });
    const total = [...share.values()].reduce((a, b) => a + b, 0);
    return { seconds, commitsPerSecond: (endCommits - startCommits) / seconds, cpuShare: share, totalCpuShare: total };
  });
}
