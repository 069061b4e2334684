import { type HttpErrorBody, IdentitySubjects, type MaintenanceStatus } from '@originality/contracts';
import { eventually } from '@originality/testing';
import { JSONCodec, connect } from 'nats';
import { loadGatewayConfig } from '../src/config';
import { createGatewayApp } from '../src/create-app';
import { SESSION_COOKIE } from '../src/session/session.middleware';
import { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';
import { freePort } from './support/stack';

const SUPER_ADMIN_EMAIL = 'boss@example.test';
const SUPER_ADMIN_ID = `dev:${SUPER_ADMIN_EMAIL}`;
const PROMOTION_TARGET_EMAIL = 'target@example.test';

describe('gateway (real OIDC sign-in, identity service, Postgres and NATS)', () => {
  let stack: GatewayStack;
  let appUrl: string;
  const browsers = {} as Record<'anonymous' | 'user' | 'admin' | 'superAdmin', TestBrowser>;

  beforeAll(async () => {
    stack = await startGatewayStack({
      env: { SUPER_ADMIN_SUBJECT: SUPER_ADMIN_ID },
      // Long enough that only the JetStream event can explain a prompt change of the flag.
      gatewayEnv: { MAINTENANCE_CACHE_SECONDS: '120' },
    });
    appUrl = stack.url;

    browsers.anonymous = stack.browser();
    browsers.user = await stack.signIn('user@example.test', 'Uma User');
    browsers.admin = await stack.signIn('admin@example.test', 'Ada Admin');
    browsers.superAdmin = await stack.signIn(SUPER_ADMIN_EMAIL, 'Sam Super');
    await stack.signIn(PROMOTION_TARGET_EMAIL, 'Tom Target');
    const promoted = await browsers.superAdmin.json('POST', '/api/admin/promote-user', {
      userId: 'dev:admin@example.test',
      role: 'admin',
    });
    expect(promoted.status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('sign-in', () => {
    it('returns to the requested same-origin path with a new session id, and refuses foreign ones', async () => {
      const browser = new TestBrowser(appUrl);
      await browser.request('/api/login?returnTo=/profile');
      const before = browser.cookie(SESSION_COOKIE);
      expect(before).toBeDefined();
      const browser2 = new TestBrowser(appUrl);
      expect(await browser2.signIn('returner@example.test', 'Rita Return', '/api/login?returnTo=/profile?tab=1')).toBe(
        '/profile?tab=1',
      );
      expect(await new TestBrowser(appUrl).signIn('x@example.test', 'X', '/api/login?returnTo=//evil.example/')).toBe(
        '/',
      );
      // The id set before sign-in is not the one afterwards (session fixation).
      expect(await browser.signIn('fixated@example.test', 'F', '/api/login')).toBe('/');
      expect(browser.cookie(SESSION_COOKIE)).not.toBe(before);
    });

    it('composes the current user from identity, with no subscription and no uploads yet', async () => {
      const res = await browsers.user.json('GET', '/api/auth/user');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id: 'dev:user@example.test',
        email: 'user@example.test',
        firstName: 'Uma',
        lastName: 'User',
        role: 'user',
        isSuperAdmin: false,
        subscriptionTier: 'free',
        subscriptionStatus: 'inactive',
        totalUploadsCount: 0,
      });
      const boss = await (await browsers.superAdmin.json('GET', '/api/auth/user')).json();
      expect(boss).toMatchObject({ id: SUPER_ADMIN_ID, isSuperAdmin: true });
    });

    it('answers 401 to a signed-out visitor', async () => {
      const res = await browsers.anonymous.json('GET', '/api/auth/user');
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Unauthorized', code: 'UNAUTHENTICATED' });
    });

    it('signs out here and at the provider, after which the session is gone', async () => {
      const browser = new TestBrowser(appUrl);
      await browser.signIn('leaver@example.test', 'Lee Leaver');
      const res = await browser.request('/api/logout');
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location') ?? '');
      expect(location.pathname).toBe('/session/end');
      expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${appUrl}/`);
      expect((await browser.json('GET', '/api/auth/user')).status).toBe(401);
    });

    it('sends the session cookie again at most once a minute, not with every answer', async () => {
      const browser = new TestBrowser(appUrl);
      await browser.signIn('steady@example.test', 'Stella Steady');
      const cookie = `${SESSION_COOKIE}=${browser.cookie(SESSION_COOKIE)}`;
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await fetch(`${appUrl}/api/auth/user`, { headers: { cookie } }));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
      const renewals = answers.map((res) => res.headers.get('set-cookie')).filter(Boolean);
      expect(renewals.length).toBeLessThanOrEqual(1);
      for (const renewal of renewals) expect(renewal).toMatch(/Expires=.*HttpOnly/);
      expect(answers[2].headers.get('set-cookie')).toBeNull();
    });

    it('refuses the old session cookie right after sign-out, though the session was just served from the cache', async () => {
      const browser = new TestBrowser(appUrl);
      await browser.signIn('replayer@example.test', 'Ray Replayer');
      const cookie = `${SESSION_COOKIE}=${browser.cookie(SESSION_COOKIE)}`;
      const asBefore = () => fetch(`${appUrl}/api/auth/user`, { headers: { cookie } });
      expect((await asBefore()).status).toBe(200);
      expect((await asBefore()).status).toBe(200);
      expect((await browser.request('/api/logout')).status).toBe(302);
      expect((await asBefore()).status).toBe(401);
    });
  });

  describe('admin routes × who is asking', () => {
    const routes = [
      { method: 'GET', path: '/api/admin/users', body: undefined, admin: 200 },
      { method: 'GET', path: '/api/admin/maintenance-status', body: undefined, admin: 403 },
      { method: 'POST', path: '/api/admin/toggle-maintenance', body: { enabled: false }, admin: 403 },
      {
        method: 'POST',
        path: '/api/admin/promote-user',
        body: { userId: `dev:${PROMOTION_TARGET_EMAIL}`, role: 'admin' },
        admin: 403,
      },
    ];

    it.each(routes)('$method $path: 401 signed out, 403 user, $admin admin, 200 super admin', async (route) => {
      const statusOf = async (who: keyof typeof browsers) =>
        (await browsers[who].json(route.method, route.path, route.body)).status;
      expect(await statusOf('anonymous')).toBe(401);
      expect(await statusOf('user')).toBe(403);
      expect(await statusOf('admin')).toBe(route.admin);
      expect(await statusOf('superAdmin')).toBe(200);
      const refusal = await browsers.user.json(route.method, route.path, route.body);
      expect(await refusal.json()).toEqual({
        error: 'This area requires administrator privileges.',
        code: 'FORBIDDEN',
      });
    });

    it('refuses to promote the super administrator or to an unknown role', async () => {
      const self = await browsers.superAdmin.json('POST', '/api/admin/promote-user', {
        userId: SUPER_ADMIN_ID,
        role: 'admin',
      });
      expect(self.status).toBe(400);
      const unknown = await browsers.superAdmin.json('POST', '/api/admin/promote-user', {
        userId: 'dev:user@example.test',
        role: 'owner',
      });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as HttpErrorBody).code).toBe('VALIDATION');
    });
  });

  describe('CSRF', () => {
    const toggle = (headers: Record<string, string>) =>
      browsers.superAdmin.json('POST', '/api/admin/toggle-maintenance', { enabled: false }, headers);

    it.each([
      ['no Sec-Fetch-Site and no Origin', {}],
      ['a cross-site request', { 'sec-fetch-site': 'cross-site' }],
      ['a same-site (other subdomain) request', { 'sec-fetch-site': 'same-site' }],
      ['a foreign Origin', { origin: 'http://evil.example' }],
    ])('refuses %s', async (_label, headers) => {
      const res = await toggle(headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'CSRF check failed', code: 'FORBIDDEN' });
    });

    it("accepts the app's own Origin when Sec-Fetch-Site is missing", async () => {
      expect((await toggle({ origin: appUrl })).status).toBe(200);
    });
  });

  describe('maintenance mode', () => {
    afterEach(async () => {
      await browsers.superAdmin.json('POST', '/api/admin/toggle-maintenance', { enabled: false });
    });

    it('answers 503 to everyone but the super administrator, except the open routes', async () => {
      const on = await browsers.superAdmin.json('POST', '/api/admin/toggle-maintenance', { enabled: true });
      expect(await on.json()).toEqual({ enabled: true });

      const profile = await browsers.user.json('PUT', '/api/auth/profile', { firstName: 'Uma' });
      expect(profile.status).toBe(503);
      expect(await profile.json()).toEqual({ error: 'maintenance', code: 'MAINTENANCE' });
      expect((await browsers.admin.json('GET', '/api/admin/users')).status).toBe(503);
      expect((await browsers.anonymous.json('GET', '/api/admin/users')).status).toBe(503);

      expect((await browsers.user.json('GET', '/api/auth/user')).status).toBe(200);
      expect(await (await browsers.user.json('GET', '/api/maintenance-status')).json()).toEqual({ enabled: true });
      expect((await browsers.anonymous.json('GET', '/health/live')).status).toBe(200);
      expect((await browsers.anonymous.request('/api/login')).status).toBe(302);

      expect((await browsers.superAdmin.json('PUT', '/api/auth/profile', { firstName: 'Sam' })).status).toBe(200);
      expect((await browsers.superAdmin.json('GET', '/api/admin/users')).status).toBe(200);
    });

    it('follows a change made elsewhere through the identity event', async () => {
      const nc = await connect({ servers: stack.nats.url });
      const codec = JSONCodec();
      const caller = { userId: SUPER_ADMIN_ID, email: SUPER_ADMIN_EMAIL, roles: ['super_admin'], isSuperAdmin: true };
      try {
        const data = { caller, data: { enabled: true } };
        await nc.request(
          IdentitySubjects.setMaintenance,
          codec.encode({ pattern: IdentitySubjects.setMaintenance, data, id: 'x' }),
          { timeout: 5000 },
        );
        await eventually(
          async () =>
            ((await (await browsers.user.json('GET', '/api/maintenance-status')).json()) as MaintenanceStatus).enabled,
          {
            timeoutMs: 10_000,
            intervalMs: 100,
            what: 'the gateway to see maintenance switched on',
          },
        );
      } finally {
        await nc.close();
      }
    });
  });

  describe('bad input is a 4xx JSON answer, never a 500', () => {
    const expectClientError = async (res: Response, status: number) => {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as HttpErrorBody;
      expect(typeof body.error).toBe('string');
      expect(typeof body.code).toBe('string');
      return body;
    };

    it('refuses unknown fields', async () => {
      const body = await expectClientError(
        await browsers.user.json('PUT', '/api/auth/profile', { firstName: 'A', isAdmin: true }),
        400,
      );
      expect(body.code).toBe('VALIDATION');
    });

    it('refuses wrong types', async () => {
      await expectClientError(await browsers.user.json('PUT', '/api/auth/profile', { username: 12345 }), 400);
      await expectClientError(
        await browsers.superAdmin.json('POST', '/api/admin/toggle-maintenance', { enabled: 'yes' }),
        400,
      );
      await expectClientError(await browsers.user.json('PUT', '/api/auth/profile', [{ firstName: 'A' }]), 400);
      await expectClientError(await browsers.user.json('PUT', '/api/auth/profile', '"just a string"'), 400);
    });

    it('refuses a 300-character username', async () => {
      await expectClientError(await browsers.user.json('PUT', '/api/auth/profile', { username: 'u'.repeat(300) }), 400);
    });

    it('refuses a username identity finds invalid, with its message', async () => {
      const body = await expectClientError(
        await browsers.user.json('PUT', '/api/auth/profile', { username: 'no spaces allowed' }),
        400,
      );
      expect(body.error).toMatch(/Username/);
    });

    it('refuses a 2 MB JSON body with 413', async () => {
      await expectClientError(
        await browsers.user.json('PUT', '/api/auth/profile', { firstName: 'x'.repeat(2 * 1024 * 1024) }),
        413,
      );
    });

    it('refuses malformed JSON with 400', async () => {
      const body = await expectClientError(
        await browsers.user.json('PUT', '/api/auth/profile', '{"firstName": "A",'),
        400,
      );
      expect(body).toEqual({ error: 'The request body is not valid JSON.', code: 'VALIDATION' });
    });

    it('answers unknown API paths with a JSON 404', async () => {
      await expectClientError(await browsers.user.json('GET', '/api/does-not-exist'), 404);
    });

    it('updates the profile when the input is good', async () => {
      const res = await browsers.user.json('PUT', '/api/auth/profile', {
        firstName: 'Uma',
        lastName: 'Updated',
        username: 'uma_u',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ firstName: 'Uma', lastName: 'Updated', username: 'uma_u' });
    });
  });

  describe('rate limits', () => {
    /** A second gateway on the same database and NATS, with small limits, so the real ones stay out of the way. */
    async function limitedGateway(limits: { RATE_LIMIT_PER_IP: string; RATE_LIMIT_PER_USER: string }) {
      const port = await freePort();
      const limited = await createGatewayApp(
        loadGatewayConfig({ ...stack.gatewayEnv, ...limits, PUBLIC_URL: `http://localhost:${port}` }),
      );
      await limited.listen(port);
      return { app: limited, url: `http://localhost:${port}` };
    }
    /** The session cookie of a browser signed in on the main gateway (sessions live in the shared Postgres). */
    const sessionOf = (who: TestBrowser) => ({ cookie: `${SESSION_COOKIE}=${who.cookie(SESSION_COOKIE)}` });
    const statusAt = async (url: string, headers: Record<string, string> = {}) =>
      (await fetch(`${url}/api/auth/user`, { headers })).status;

    it('answers 429 with a JSON message past the per-IP limit, and never throttles health probes', async () => {
      const limited = await limitedGateway({ RATE_LIMIT_PER_IP: '3', RATE_LIMIT_PER_USER: '1000' });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push(await statusAt(limited.url));
        expect(statuses).toEqual([401, 401, 401, 429]);
        const refused = await fetch(`${limited.url}/api/maintenance-status`);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await refused.json()).toEqual({
          error: 'Too many requests. Please slow down and try again shortly.',
          code: 'LIMIT_EXCEEDED',
        });
        for (let i = 0; i < 5; i++) expect((await fetch(`${limited.url}/health/live`)).status).toBe(200);
      } finally {
        await limited.app!.close();
      }
    });

    it('limits each signed-in user on their own, whatever the address', async () => {
      const limited = await limitedGateway({ RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USER: '2' });
      try {
        const user = sessionOf(browsers.user);
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push(await statusAt(limited.url, user));
        expect(statuses).toEqual([200, 200, 429]);
        // Allowed answers carry no rate-limit headers (only a refusal says when to retry).
        const allowed = await fetch(`${limited.url}/api/auth/user`, { headers: sessionOf(browsers.admin) });
        expect([...allowed.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
        // Same address, another account: not limited by the first one's flood.
        expect(allowed.status).toBe(200);
      } finally {
        await limited.app!.close();
      }
    });
  });

  it('serves the OpenAPI document and readiness', async () => {
    expect((await browsers.anonymous.request('/api/docs-json')).status).toBe(200);
    const ready = await browsers.anonymous.request('/health/ready');
    expect(ready.status).toBe(200);
  });
});
