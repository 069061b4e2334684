import type { Coupon, CurrentUser, HttpErrorBody } from '@originality/contracts';
import { signedStripeEvent } from '@originality/testing';
import type { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';

const SUPER_ADMIN_EMAIL = 'boss@example.test';
const SUPER_ADMIN_ID = `dev:${SUPER_ADMIN_EMAIL}`;
const WEBHOOK_SECRET = 'whsec_gateway_test_secret';

type Who = 'anonymous' | 'user' | 'admin' | 'superAdmin';

describe('billing through the gateway (real sign-in, identity, billing, Postgres and NATS; no Stripe keys)', () => {
  let stack: GatewayStack;
  const browsers = {} as Record<Who, TestBrowser>;

  /** A new signed-in user on Pro Monthly through TESTFREE100. */
  async function proUser(email: string): Promise<TestBrowser> {
    const browser = await stack.signIn(email, 'Pat Pro');
    const res = await browser.json('POST', '/api/create-checkout-session', {
      planId: 'monthly',
      planType: 'monthly',
      couponCode: 'TESTFREE100',
    });
    expect(res.status).toBe(200);
    return browser;
  }

  beforeAll(async () => {
    stack = await startGatewayStack({
      services: ['billing'],
      env: { SUPER_ADMIN_SUBJECT: SUPER_ADMIN_ID },
      serviceEnv: { billing: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } },
    });
    browsers.anonymous = stack.browser();
    browsers.user = await stack.signIn('user@example.test', 'Uma User');
    browsers.admin = await stack.signIn('admin@example.test', 'Ada Admin');
    browsers.superAdmin = await stack.signIn(SUPER_ADMIN_EMAIL, 'Sam Super');
    const promoted = await browsers.superAdmin.json('POST', '/api/admin/promote-user', {
      userId: 'dev:admin@example.test',
      role: 'admin',
    });
    expect(promoted.status).toBe(200);
    expect((await browsers.user.json('POST', '/api/create-test-coupon')).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('serves the price list to anyone', async () => {
    const res = await browsers.anonymous.json('GET', '/api/subscription/pricing');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      monthly: { displayPrice: '$19.99' },
      quarterly: { displayPrice: '$54.99', savings: 'Save $5 (vs $59.97)' },
      yearly: { displayPrice: '$199.99' },
    });
  });

  it('takes a new user from Free to Pro with TESTFREE100, then schedules a switch and cancels', async () => {
    const pro = await stack.signIn('newcomer@example.test', 'Nia New');
    const before = (await (await pro.json('GET', '/api/auth/user')).json()) as CurrentUser;
    expect(before).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'inactive' });

    const checkout = await pro.json('POST', '/api/create-checkout-session', {
      planId: 'monthly',
      planType: 'monthly',
      couponCode: 'testfree100',
    });
    expect(await checkout.json()).toEqual({
      success: true,
      redirect: '/',
      message: 'Pro Monthly is active: enjoy unlimited analyses.',
    });
    const after = (await (await pro.json('GET', '/api/auth/user')).json()) as CurrentUser;
    expect(after).toMatchObject({ subscriptionTier: 'monthly', subscriptionStatus: 'active', subscriptionPrice: 0 });
    expect(new Date(after.subscriptionEndsAt!).getTime()).toBeGreaterThan(Date.now());

    const same = await pro.json('POST', '/api/subscription/schedule-plan-change', {
      newPlan: 'monthly',
      currentPlan: 'monthly',
    });
    expect(same.status).toBe(400);
    expect(((await same.json()) as HttpErrorBody).error).toMatch(/^Same Plan Selected/);
    const change = await pro.json('POST', '/api/subscription/schedule-plan-change', {
      newPlan: 'yearly',
      currentPlan: 'monthly',
    });
    expect(change.status).toBe(200);
    expect(await change.json()).toMatchObject({ newPlan: 'yearly', effectiveAt: after.subscriptionEndsAt });

    const cancel = await pro.json('POST', '/api/subscription/cancel');
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { message: string }).message).toMatch(/^Your subscription has been cancelled\./);
    expect(await (await pro.json('GET', '/api/auth/user')).json()).toMatchObject({
      subscriptionStatus: 'cancelled',
      subscriptionTier: 'monthly',
    });
  });

  it("answers a paid checkout without keys with 'Payments are not configured on this server'", async () => {
    const res = await browsers.user.json('POST', '/api/create-checkout-session', {
      planId: 'yearly',
      planType: 'yearly',
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Payments are not configured on this server', code: 'UNAVAILABLE' });
  });

  it('refuses bad checkout input with a 4xx JSON answer', async () => {
    for (const body of [{ planId: 'monthly', admin: true }, { planId: 5 }, {}, { planId: 'free' }]) {
      const res = await browsers.user.json('POST', '/api/create-checkout-session', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as HttpErrorBody).code).toBe('VALIDATION');
    }
    expect((await browsers.anonymous.json('POST', '/api/create-checkout-session', { planId: 'monthly' })).status).toBe(
      401,
    );
  });

  describe('the Stripe webhook', () => {
    const post = (payload: string, headers: Record<string, string>) =>
      fetch(`${stack.url}/api/stripe/webhook`, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      });

    it('accepts a signed event from a server (no browser headers) and applies it once', async () => {
      const event = signedStripeEvent(
        {
          id: 'evt_gateway_1',
          type: 'checkout.session.completed',
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              mode: 'subscription',
              client_reference_id: 'dev:webhook@example.test',
              metadata: { userId: 'dev:webhook@example.test', tier: 'yearly' },
            },
          },
        },
        WEBHOOK_SECRET,
      );
      const first = await post(event.payload, { 'stripe-signature': event.signature });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, applied: true });
      const replay = await post(event.payload, { 'stripe-signature': event.signature });
      expect(await replay.json()).toEqual({ received: true, applied: false });
      const webhookUser = await stack.signIn('webhook@example.test', 'Wes Hook');
      expect(await (await webhookUser.json('GET', '/api/auth/user')).json()).toMatchObject({
        subscriptionTier: 'yearly',
        subscriptionStatus: 'active',
      });
    });

    it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
      const event = signedStripeEvent(
        {
          id: 'evt_gateway_2',
          type: 'checkout.session.completed',
          created: Math.floor(Date.now() / 1000),
          data: { object: { mode: 'subscription', metadata: { userId: 'dev:user@example.test', tier: 'yearly' } } },
        },
        WEBHOOK_SECRET,
      );
      const unsigned = await post(event.payload, {});
      expect(unsigned.status).toBe(400);
      expect(await unsigned.json()).toEqual({ error: 'Missing Stripe-Signature header.', code: 'VALIDATION' });
      const tampered = await post(event.payload.replace('yearly', 'monthly'), { 'stripe-signature': event.signature });
      expect(tampered.status).toBe(400);
      expect(((await tampered.json()) as HttpErrorBody).error).toMatch(/^Invalid Stripe webhook/);
      expect(await (await browsers.user.json('GET', '/api/auth/user')).json()).toMatchObject({
        subscriptionTier: 'free',
        subscriptionStatus: 'inactive',
      });
    });
  });

  describe('admin routes × who is asking', () => {
    let couponId: string;
    const refundTargets = {} as Record<Who, string>;

    beforeAll(async () => {
      const created = await browsers.superAdmin.json('POST', '/api/admin/coupons', {
        code: 'TO-DEACTIVATE',
        discountPercent: '10',
        duration: 'once',
      });
      couponId = ((await created.json()) as Coupon).id;
      for (const who of ['anonymous', 'user', 'admin', 'superAdmin'] as const) {
        const email = `pro-for-${who.toLowerCase()}@example.test`;
        await proUser(email);
        refundTargets[who] = `dev:${email}`;
      }
    });

    const routes: { method: string; path: () => string; body: (who: Who) => unknown; admin: number }[] = [
      { method: 'GET', path: () => '/api/admin/coupons', body: () => undefined, admin: 403 },
      {
        method: 'POST',
        path: () => '/api/admin/coupons',
        body: () => ({ code: 'MATRIX', discountPercent: '15', duration: 'forever', maxRedemptions: 2 }),
        admin: 403,
      },
      { method: 'POST', path: () => `/api/admin/coupons/${couponId}/deactivate`, body: () => undefined, admin: 403 },
      {
        method: 'POST',
        path: () => '/api/admin/refund',
        body: (who) => ({ userId: refundTargets[who], reason: 'requested_by_admin' }),
        admin: 200,
      },
    ];

    it.each(routes.map((r) => [`${r.method} ${r.path().replace(/undefined/, '{id}')}`, r] as const))(
      '%s: 401 signed out, 403 user, admin as the card says, 200 super admin',
      async (_name, route) => {
        const statusOf = async (who: Who) =>
          (await browsers[who].json(route.method, route.path(), route.body(who))).status;
        expect(await statusOf('anonymous')).toBe(401);
        expect(await statusOf('user')).toBe(403);
        expect(await statusOf('admin')).toBe(route.admin);
        expect(await statusOf('superAdmin')).toBe(200);
        const refusal = await browsers.user.json(route.method, route.path(), route.body('user'));
        expect(await refusal.json()).toEqual({
          error: 'This area requires administrator privileges.',
          code: 'FORBIDDEN',
        });
      },
    );

    it('shows refunded users as Free in the admin user list, with their subscription fields', async () => {
      const users = (await (await browsers.superAdmin.json('GET', '/api/admin/users')).json()) as CurrentUser[];
      expect(users.find((u) => u.id === refundTargets.superAdmin)).toMatchObject({
        subscriptionTier: 'free',
        subscriptionStatus: 'inactive',
      });
      expect(users.find((u) => u.id === refundTargets.user)).toMatchObject({
        subscriptionTier: 'monthly',
        subscriptionStatus: 'active',
      });
    });

    it('validates coupons as spec §5 says', async () => {
      const create = (body: unknown) => browsers.superAdmin.json('POST', '/api/admin/coupons', body);
      const bad = await create({ code: 'X', discountPercent: '150', duration: 'once' });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: 'Discount percent must be a whole number from 1 to 100.' });
      expect((await create({ code: 'Y', discountPercent: '10', duration: 'repeating' })).status).toBe(400);
      expect((await create({ code: 'Y', discountPercent: '10', duration: 'once', maxRedemptions: 0 })).status).toBe(
        400,
      );
      expect((await browsers.superAdmin.json('POST', '/api/admin/coupons/not-a-uuid/deactivate')).status).toBe(404);
    });
  });
});
