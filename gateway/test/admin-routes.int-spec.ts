import { randomUUID } from 'node:crypto';
import { DiscoveryService } from '@nestjs/core';
import { type AdminAnalytics, type HeatmapData, Role, ServiceName, permissionsOf } from '@originality/contracts';
import { eventually } from '@originality/testing';
import { ADMIN_ROUTE_PERMISSIONS, type DeclaredRoute, adminRoutesOf, routeKey } from '../src/access/permissions';
import type { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';

const SUPER_ADMIN_EMAIL = 'boss@example.test';
type Who = 'anonymous' | 'user' | 'admin' | 'superAdmin';

/** Query strings that make a read well-formed; everything else is sent without a body. */
const WELL_FORMED_QUERY: Partial<Record<string, string>> = { 'GET /api/admin/heatmap-data': '?timeframe=7' };

describe('admin routes × roles, enumerated from the gateway itself', () => {
  let stack: GatewayStack;
  let routes: DeclaredRoute[];
  const browsers = {} as Record<Who, TestBrowser>;

  beforeAll(async () => {
    stack = await startGatewayStack({
      services: [ServiceName.ADMIN_ANALYTICS],
      env: { SUPER_ADMIN_SUBJECT: `dev:${SUPER_ADMIN_EMAIL}` },
    });
    routes = adminRoutesOf(stack.app!.get(DiscoveryService));

    browsers.anonymous = stack.browser();
    browsers.user = await stack.signIn('user@example.test', 'Uma User');
    browsers.admin = await stack.signIn('admin@example.test', 'Ada Admin');
    browsers.superAdmin = await stack.signIn(SUPER_ADMIN_EMAIL, 'Sam Super');
    const promoted = await browsers.superAdmin.json('POST', '/api/admin/promote-user', {
      userId: 'dev:admin@example.test',
      role: Role.ADMIN,
    });
    expect(promoted.status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** One request to `route` as `who`: ids are random, bodies absent, so nothing changes. */
  const ask = async (who: Who, route: DeclaredRoute) => {
    const key = routeKey(route.method, route.path);
    const path = route.path.replace(/:[A-Za-z]+/g, randomUUID()) + (WELL_FORMED_QUERY[key] ?? '');
    const res = await browsers[who].json(route.method, path);
    return { status: res.status, body: (await res.json().catch(() => null)) as { code?: string } | null };
  };

  it('finds the admin routes of the spec that this gateway serves', () => {
    const keys = routes.map((r) => routeKey(r.method, r.path));
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/admin/analytics',
        'GET /api/admin/heatmap-data',
        'GET /api/admin/users',
        'POST /api/admin/promote-user',
        'GET /api/admin/maintenance-status',
        'POST /api/admin/toggle-maintenance',
      ]),
    );
    for (const key of keys) expect(Object.keys(ADMIN_ROUTE_PERMISSIONS)).toContain(key);
  });

  it('answers every admin route as the Role Permissions card says', async () => {
    const adminMay = permissionsOf({ roles: [Role.ADMIN], isSuperAdmin: false });
    for (const route of routes) {
      const key = routeKey(route.method, route.path);
      const permission = ADMIN_ROUTE_PERMISSIONS[key as keyof typeof ADMIN_ROUTE_PERMISSIONS];
      const answered = {
        anonymous: (await ask('anonymous', route)).status,
        user: (await ask('user', route)).status,
        admin: (await ask('admin', route)).status,
        superAdmin: (await ask('superAdmin', route)).status,
      };
      // Allowed means past the access check: the handler answered (200, or 400/404 for the empty
      // request), never 401/403.
      const allowed = (status: number) => (status === 401 || status === 403 ? status : 'allowed');
      expect([key, answered.anonymous, answered.user, allowed(answered.admin), allowed(answered.superAdmin)]).toEqual([
        key,
        401,
        403,
        adminMay.has(permission) ? 'allowed' : 403,
        'allowed',
      ]);
    }
  });

  it('serves the analytics and the heatmap to an admin, and refuses a timeframe other than 7, 14 or 30', async () => {
    // The three people signed in above registered (identity's events reach the read models); nobody subscribed.
    const users = await eventually(async () => {
      const res = await browsers.admin.json('GET', '/api/admin/analytics');
      const body = res.status === 200 ? ((await res.json()) as AdminAnalytics).users : undefined;
      return body?.total === 3 ? body : undefined;
    });
    expect(users).toEqual({ total: 3, vip: 0, free: 3 });

    const map = await browsers.superAdmin.json('GET', '/api/admin/heatmap-data?timeframe=14');
    expect(map.status).toBe(200);
    const heatmap = (await map.json()) as HeatmapData;
    expect(heatmap.data).toHaveLength(14 * 24);
    expect(heatmap.summary.totalRegistrations).toBe(3);

    for (const query of ['?timeframe=5', '?timeframe=7.0', '', '?timeframe=7&x=1']) {
      const refused = await browsers.admin.json('GET', `/api/admin/heatmap-data${query}`);
      expect([query, refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
        query,
        400,
        'VALIDATION',
      ]);
    }
  });
});
