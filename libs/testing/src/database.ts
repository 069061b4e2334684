import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { containerRuntimeAvailable } from './container-runtime';

export interface TestDatabase {
  /** Connection URL of a database no other test suite uses. */
  url: string;
  drop(): Promise<void>;
}

const LOCAL_SERVER_DEFAULT = 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, empty database for one test suite: a Testcontainers Postgres when a container runtime
 * answers, else a new randomly named database on the server at DATABASE_URL, dropped by `drop()`.
 */
export async function getTestDatabase(): Promise<TestDatabase> {
  if (await containerRuntimeAvailable()) return containerDatabase();
  return freshLocalDatabase(process.env.DATABASE_URL ?? LOCAL_SERVER_DEFAULT);
}

async function containerDatabase(): Promise<TestDatabase> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'test' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const url = `postgresql://postgres@${container.getHost()}:${container.getMappedPort(5432)}/test`;
  return { url, drop: async () => void (await container.stop()) };
}

async function freshLocalDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  await withClient(admin.toString(), (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(admin.toString(), (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
