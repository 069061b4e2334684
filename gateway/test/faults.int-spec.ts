import { type DomainEvent, EVENTS_STREAM } from '@originality/contracts';
import { type RestartableServer, eventually, restartableNats, restartablePostgres } from '@originality/testing';
import { type NatsConnection, connect } from 'nats';
import { Client } from 'pg';
import type { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';
import { freePort, startIdentity } from './support/stack';

/** Outages are short here; the waits only bound a test that would otherwise hang. */
const RECOVERY = { timeoutMs: 45_000, intervalMs: 200 };

/**
 * The stack survives its dependencies going away: NATS restarted, then Postgres restarted, then
 * the identity service killed and started again. Each time readiness goes red then green by itself,
 * requests meanwhile get a JSON 503 (not a hang, not a 500), and every outbox event reaches the
 * stream exactly once.
 */
describe('faults survived (private NATS and Postgres, identity in a child process)', () => {
  let nats: RestartableServer;
  let postgres: RestartableServer;
  let stack: GatewayStack;
  let identityUrl: string;
  let appUrl: string;
  let user: TestBrowser;
  let edits = 0;

  const readiness = async (base: string) =>
    (await fetch(`${base}/health/ready`, { signal: AbortSignal.timeout(10_000) }).catch(() => null))?.status ?? 0;
  const readinessReport = async (base: string) => (await fetch(`${base}/health/ready`)).json();
  const bothReady = async () => (await readiness(appUrl)) === 200 && (await readiness(identityUrl)) === 200;
  const editProfile = () => user.json('PUT', '/api/auth/profile', { firstName: `Edit ${++edits}` });

  /** A change that needs identity and its database answers a JSON 503 while a dependency is away. */
  async function expectUnavailable(): Promise<void> {
    const res = await editProfile();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'UNAVAILABLE', error: expect.any(String) });
  }

  async function expectRecovered(): Promise<void> {
    await eventually(bothReady, { ...RECOVERY, what: 'gateway and identity ready again' });
    await eventually(async () => (await editProfile()).status === 200, {
      ...RECOVERY,
      what: 'a profile edit to succeed',
    });
  }

  beforeAll(async () => {
    [nats, postgres] = await Promise.all([restartableNats(), restartablePostgres()]);
    const identityPort = await freePort();
    identityUrl = `http://127.0.0.1:${identityPort}`;
    stack = await startGatewayStack({
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      env: { SUPER_ADMIN_SUBJECT: 'dev:nobody' },
      serviceEnv: { identity: { HTTP_PORT: String(identityPort) } },
    });
    appUrl = stack.url;
    user = await stack.signIn('steady@example.test', 'Steady State');
    await expectRecovered();
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await postgres?.dispose();
    await nats?.dispose();
  });

  it('reconnects after a NATS restart; meanwhile requests get 503 and readiness is red', async () => {
    await nats.stop();
    await eventually(async () => (await readiness(appUrl)) === 503 && (await readiness(identityUrl)) === 503, {
      ...RECOVERY,
      what: 'readiness to go red',
    });
    await expectUnavailable();
    expect(await readinessReport(identityUrl)).toMatchObject({ status: 'error', error: { nats: { status: 'down' } } });
    await nats.start();
    await expectRecovered();
  }, 120_000);

  it('reconnects after a Postgres restart; meanwhile requests get 503 and readiness is red', async () => {
    await postgres.stop();
    await eventually(async () => (await readiness(appUrl)) === 503 && (await readiness(identityUrl)) === 503, {
      ...RECOVERY,
      what: 'readiness to go red',
    });
    await expectUnavailable();
    expect(await readinessReport(identityUrl)).toMatchObject({
      status: 'error',
      error: { database: { status: 'down' } },
    });
    await postgres.start();
    await expectRecovered();
  }, 120_000);

  it('serves again once a killed service is restarted, publishing what it committed but had not sent', async () => {
    await stack.services.identity.kill();
    await eventually(async () => (await readiness(appUrl)) === 503, { ...RECOVERY, what: 'gateway readiness red' });
    await expectUnavailable();
    // As if identity had died between a commit and its publish: the row waits in the outbox.
    await withDatabase((db) =>
      db.query(
        `INSERT INTO identity.outbox_event (id, type, data, occurred_at)
         VALUES ('00000000-0000-4000-8000-00000000fa17', 'events.identity.fault-probe', '{}', now())`,
      ),
    );
    stack.services.identity = await startIdentity(stack.serviceEnvs.identity);
    await expectRecovered();
  }, 120_000);

  it('lost no outbox event and published none twice', async () => {
    const outboxIds = await eventually(
      () =>
        withDatabase(async (db) => {
          const { rows } = await db.query<{ id: string; published: boolean }>(
            'SELECT id, published_at IS NOT NULL AS published FROM identity.outbox_event',
          );
          return rows.every((r) => r.published) && rows.map((r) => r.id);
        }),
      { ...RECOVERY, what: 'every outbox row to be published' },
    );
    expect(outboxIds).toContain('00000000-0000-4000-8000-00000000fa17');
    expect(outboxIds.length).toBeGreaterThanOrEqual(edits / 2); // sign-in and the successful edits wrote events
    const streamIds = await identityEventIds(nats.url);
    expect([...streamIds].sort()).toEqual([...outboxIds].sort());
  }, 60_000);

  async function withDatabase<T>(fn: (db: Client) => Promise<T>): Promise<T> {
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      return await fn(db);
    } finally {
      await db.end();
    }
  }
});

/** The id of every identity event in the stream, from the first, as a fresh consumer receives them. */
async function identityEventIds(natsUrl: string): Promise<string[]> {
  const nc: NatsConnection = await connect({ servers: natsUrl });
  try {
    const consumer = await nc.jetstream().consumers.get(EVENTS_STREAM, { filterSubjects: 'events.identity.>' });
    const ids: string[] = [];
    let pending = (await consumer.info()).num_pending;
    while (pending > 0) {
      const msg = await consumer.next({ expires: 5000 });
      if (!msg) break;
      ids.push(msg.json<DomainEvent>().id);
      pending = msg.info.pending;
    }
    return ids;
  } finally {
    await nc.close();
  }
}
