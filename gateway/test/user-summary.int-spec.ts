import type { CurrentUser, UploadUrlReply, UploadView } from '@originality/contracts';
import { eventually, signedStripeEvent } from '@originality/testing';
import type { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';

const SUPER_ADMIN_EMAIL = 'boss@example.test';
const WEBHOOK_SECRET = 'whsec_user_summary_secret';
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(4000, 0x55)]);

/**
 * GET /api/auth/user keeps each user's upload totals and subscription fields in the gateway. The cache
 * lifetime here is 10 minutes, so only invalidation can explain a change the user sees within the test.
 */
describe('the signed-in user stays current while the gateway caches its upload and billing parts', () => {
  let stack: GatewayStack;
  let superAdmin: TestBrowser;

  const currentUser = async (browser: TestBrowser) =>
    (await (await browser.json('GET', '/api/auth/user')).json()) as CurrentUser;

  async function uploadSong(browser: TestBrowser, name: string): Promise<UploadView> {
    const { uploadURL, objectPath } = (await (
      await browser.json('POST', '/api/audio/upload')
    ).json()) as UploadUrlReply;
    await fetch(uploadURL, { method: 'PUT', body: MP3, headers: { 'Content-Type': 'audio/mpeg' } });
    const res = await browser.json('POST', '/api/audio/create', {
      filename: name,
      originalFilename: name,
      fileSize: MP3.length,
      mimeType: 'audio/mpeg',
      objectPath,
      duration: null,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as UploadView;
  }

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

    const song = await uploadSong(ann, 'Cached Song.mp3');
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
