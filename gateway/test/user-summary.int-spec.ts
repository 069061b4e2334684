import type { CurrentUser } from '@originality/contracts';
import { eventually, signedStripeEvent } from '@originality/testing';
import type { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';
import { TINY_MP3, uploadSong } from './support/songs';

const SUPER_ADMIN_EMAIL = 'boss@example.test';
const WEBHOOK_SECRET = 'whsec_user_summary_secret';

/**
 * GET /api/auth/user keeps each user's upload totals and subscription fields in the gateway. The cache
 * lifetime here is 10 minutes, so only invalidation can explain a change the user sees within the test.
 */
describe('the signed-in user stays current while the gateway caches its upload and billing parts', () => {
  let stack: GatewayStack;
  let superAdmin: TestBrowser;

  const currentUser = async (browser: TestBrowser) =>
    (await (await browser.json('GET', '/api/auth/user')).json()) as CurrentUser;

  beforeAll(async () => {
    stack = await startGatewayStack({
      services: ['upload', 'billing'],
      objectStore: true,
      env: { SUPER_ADMIN_SUBJECT: `dev:${SUPER_ADMIN_EMAIL}` },
      serviceEnv: { billing: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } },
      gatewayEnv: { USER_SUMMARY_CACHE_SECONDS: '600' },
    });
    superAdmin = await stack.signIn(SUPER_ADMIN_EMAIL, 'Sam Super');
  });

  afterAll(() => stack?.stop());

  it("shows the user's own upload at once, and a deletion by the administrator as soon as its event arrives", async () => {
    const ann = await stack.signIn('ann@example.test', 'Ann Artist');
    expect(await currentUser(ann)).toMatchObject({ totalUploadsCount: 0, uploadedSongTitles: [] });

    const song = await uploadSong(ann, TINY_MP3, 'Cached Song.mp3');
    expect(await currentUser(ann)).toMatchObject({ totalUploadsCount: 1, uploadedSongTitles: ['Cached Song.mp3'] });

    expect((await superAdmin.json('DELETE', `/api/admin/uploads/${song.id}`)).status).toBe(204);
    await eventually(async () => (await currentUser(ann)).totalUploadsCount === 0, {
      what: 'the deletion event reaching the gateway',
    });
  });

  it("shows the user's own checkout at once, and a webhook's change as soon as its event arrives", async () => {
    const ben = await stack.signIn('ben@example.test', 'Ben Buyer');
    expect(await currentUser(ben)).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'inactive' });
    expect((await ben.json('POST', '/api/create-test-coupon')).status).toBe(200);
    const checkout = await ben.json('POST', '/api/create-checkout-session', {
      planId: 'monthly',
      planType: 'monthly',
      couponCode: 'TESTFREE100',
    });
    expect(checkout.status).toBe(200);
    expect(await currentUser(ben)).toMatchObject({ subscriptionTier: 'monthly', subscriptionStatus: 'active' });

    const event = signedStripeEvent(
      {
        id: 'evt_user_summary_1',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000) + 60,
        data: { object: { mode: 'subscription', metadata: { userId: 'dev:ben@example.test', tier: 'yearly' } } },
      },
      WEBHOOK_SECRET,
    );
    const webhook = await fetch(`${stack.url}/api/stripe/webhook`, {
      method: 'POST',
      body: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(await webhook.json()).toEqual({ received: true, applied: true });
    await eventually(async () => (await currentUser(ben)).subscriptionTier === 'yearly', {
      what: 'the subscription.changed event reaching the gateway',
    });
  });
});
