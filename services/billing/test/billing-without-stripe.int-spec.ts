import {
  BillingRequestSubjects,
  BillingSubjects,
  type CheckoutResponse,
  type Coupon,
  type Entitlement,
  type PricingResponse,
} from '@originality/contracts';
import { aCaller } from '@originality/testing';
import { type BillingUnderTest, failure, startBilling } from './billing-support';

describe('billing without Stripe keys (real Postgres, real NATS)', () => {
  let billing: BillingUnderTest;

  beforeAll(async () => {
    billing = await startBilling({});
  });
  afterAll(() => billing?.stop());

  it('serves the plans and prices from integer cents', async () => {
    const prices = await billing.call<PricingResponse>(BillingRequestSubjects.pricing, {});
    expect(prices.monthly).toEqual({ displayPrice: '$19.99', priceCents: 1999, savings: null });
    expect(prices.yearly.savings).toBe('Save $40 — 2 months free, 16% discount');
  });

  it("answers a paid checkout with 'Payments are not configured on this server'", async () => {
    const user = aCaller();
    expect(await failure(billing.call(BillingRequestSubjects.checkout, { planId: 'monthly' }, user))).toEqual({
      code: 'UNAVAILABLE',
      message: 'Payments are not configured on this server',
    });
    const entitlement = await billing.call<Entitlement>(BillingSubjects.entitlement, { userId: user.userId });
    expect(entitlement.monthlyAnalyses).toBe(10);
  });

  it('refuses Free, unknown plans and unknown coupons with a message', async () => {
    const user = aCaller();
    expect(await failure(billing.call(BillingRequestSubjects.checkout, { planId: 'free' }, user))).toMatchObject({
      code: 'VALIDATION',
      message: 'The Free plan needs no checkout.',
    });
    expect(await failure(billing.call(BillingRequestSubjects.checkout, { planId: 'weekly' }, user))).toMatchObject({
      code: 'VALIDATION',
      message: 'Unknown plan "weekly".',
    });
    expect(
      await failure(billing.call(BillingRequestSubjects.checkout, { planId: 'yearly', couponCode: 'nope' }, user)),
    ).toMatchObject({ code: 'VALIDATION', message: 'Coupon "NOPE" does not exist.' });
    expect(await failure(billing.call(BillingRequestSubjects.checkout, { planId: 'yearly' }, null))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('activates Pro with TESTFREE100 without any keys', async () => {
    const user = aCaller();
    const coupon = await billing.call<Coupon>(BillingRequestSubjects.createTestCoupon, {}, user);
    expect(coupon).toMatchObject({ code: 'TESTFREE100', discountPercent: 100, duration: 'once', active: true });
    const reply = await billing.call<CheckoutResponse>(
      BillingRequestSubjects.checkout,
      { planId: 'monthly', planType: 'monthly', couponCode: ' testfree100 ' },
      user,
    );
    expect(reply).toEqual({
      success: true,
      redirect: '/',
      message: 'Pro Monthly is active: enjoy unlimited analyses.',
    });
    const entitlement = await billing.call<Entitlement>(BillingSubjects.entitlement, { userId: user.userId });
    expect(entitlement.monthlyAnalyses).toBe(999999);
  });

  it('creates the test coupon once however often it is asked for, and only for a signed-in user', async () => {
    const [first, second] = await Promise.all([
      billing.call<Coupon>(BillingRequestSubjects.createTestCoupon, {}, aCaller()),
      billing.call<Coupon>(BillingRequestSubjects.createTestCoupon, {}, aCaller()),
    ]);
    expect(second.id).toBe(first.id);
    expect(await failure(billing.call(BillingRequestSubjects.createTestCoupon, {}, null))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
