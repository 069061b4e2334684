import { Client } from 'pg';

/**
 * Transactions committed in the database at `databaseUrl` so far (`pg_stat_database.xact_commit`),
 * read from the server's `postgres` database so that reading adds nothing to the count.
 * Postgres reports a backend's counts when it goes idle, at most once a second, and an idle
 * backend's last counts up to 10 s late: measure over windows of several seconds.
 */
export async function committedTransactions(databaseUrl: string): Promise<number> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const client = new Client({ connectionString: target.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ commits: string }>(
      'SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = $1',
      [name],
    );
    return Number(rows[0]?.commits ?? 0);
  } finally {
    await client.end();
  }
}

/** Commits per second in the database over `windowMs` (e.g. while a service is idle). */
export async function commitRate(databaseUrl: string, windowMs: number): Promise<number> {
  const before = await committedTransactions(databaseUrl);
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  return ((await committedTransactions(databaseUrl)) - before) / (windowMs / 1000);
}
