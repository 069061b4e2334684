import { readFileSync, readdirSync } from 'node:fs';
import { eventually } from '@originality/testing';
import type { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';

const SESSION_COOKIE = 'originality.sid';

/** The processes a process started (a gateway primary's workers), from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
}
const PER_USER_LIMIT = 12;

/**
 * The gateway as `npm start` and production run it: a primary and two workers sharing the port. Each request below
 * goes over a new connection, which the primary hands to the workers in turn, so consecutive requests meet both.
 * Session caching is made long (60 s) so that only the workers telling each other can make a sign-out count at once.
 */
describe('clustered gateway (two workers, real identity, NATS and Postgres)', () => {
  let stack: GatewayStack;

  /** One request on a connection of its own, with the given session cookie. */
  const onNewConnection = (path: string, cookie: string) =>
    fetch(`${stack.url}${path}`, { headers: { cookie: `${SESSION_COOKIE}=${cookie}`, connection: 'close' } });
  const sessionOf = (browser: TestBrowser) => browser.cookie(SESSION_COOKIE)!;

  beforeAll(async () => {
    stack = await startGatewayStack({
      gatewayWorkers: 2,
      gatewayEnv: {
        SESSION_CACHE_SECONDS: '60',
        CALLER_CACHE_SECONDS: '60',
        RATE_LIMIT_PER_USER: String(PER_USER_LIMIT),
      },
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('serves a signed-in user from both workers', async () => {
    const user = await stack.signIn('both@example.test', 'Both Workers');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await onNewConnection('/api/auth/user', sessionOf(user))).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  }, 60_000);

  it('honours a sign-out in every worker at once, although each had the session cached', async () => {
    const user = await stack.signIn('leaving@example.test', 'Leaving Soon');
    const cookie = sessionOf(user);
    for (let i = 0; i < 4; i++) expect((await onNewConnection('/api/auth/user', cookie)).status).toBe(200);

    expect((await user.request('/api/logout')).status).toBe(302);

    const after = [];
    for (let i = 0; i < 4; i++) after.push((await onNewConnection('/api/auth/user', cookie)).status);
    expect(after).toEqual([401, 401, 401, 401]);
  }, 60_000);

  it('keeps one rate-limit budget per user across the workers (each alone would allow it again)', async () => {
    const user = await stack.signIn('busy@example.test', 'Busy Bee');
    const cookie = sessionOf(user);
    let allowed = 0;
    await eventually(
      async () => {
        const res = await onNewConnection('/api/auth/user', cookie);
        if (res.status === 200) allowed++;
        return res.status === 429;
      },
      { timeoutMs: 30_000, intervalMs: 0, what: 'the per-user limit to refuse a request' },
    );
    // Two separate budgets would allow about twice the limit; hits are told to the other worker within 50 ms.
    expect(allowed).toBeLessThanOrEqual(PER_USER_LIMIT + 4);
    expect(allowed).toBeGreaterThanOrEqual(PER_USER_LIMIT - 3); // the sign-in's own requests used some
  }, 60_000);

  it('keeps serving when a worker dies, and the primary starts another', async () => {
    const user = await stack.signIn('steady@example.test', 'Steady Worker');
    const primary = stack.gatewayProcess!.pid!;
    const before = childrenOf(primary);
    expect(before).toHaveLength(2);
    process.kill(before[0], 'SIGKILL');
    // Once the primary has reaped the dead worker it hands connections only to the living one.
    await eventually(() => !childrenOf(primary).includes(before[0]), { timeoutMs: 30_000, what: 'the worker reaped' });
    for (let i = 0; i < 4; i++) expect((await onNewConnection('/api/auth/user', sessionOf(user))).status).toBe(200);
    const after = await eventually(
      () => {
        const workers = childrenOf(primary);
        return workers.length === 2 && !workers.includes(before[0]) ? workers : undefined;
      },
      { timeoutMs: 60_000, what: 'a new worker in place of the one killed' },
    );
    expect(after).toContain(before[1]);
    await eventually(async () => (await fetch(`${stack.url}/health/ready`)).status === 200, { what: 'readiness' });
  }, 90_000);
});
