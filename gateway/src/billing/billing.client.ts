import { Injectable } from '@nestjs/common';
import {
  BillingRequestSubjects,
  type Caller,
  type CheckoutRequest,
  type CheckoutResponse,
  type Coupon,
  type CouponCreateRequest,
  type MessageReply,
  type PlanChangeReply,
  type PlanChangeRequest,
  type PricingResponse,
  type RefundRequest,
  type StripeWebhookReply,
  type StripeWebhookRequest,
  type SubscriptionView,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';

/** The billing service behind one class: each method is one request/reply subject. */
@Injectable()
export class BillingClient {
  constructor(private readonly rpc: RpcClient) {}

  pricing(): Promise<PricingResponse> {
    return this.rpc.request(BillingRequestSubjects.pricing, {}, { caller: null });
  }

  subscription(caller: Caller, userId: string, timeoutMs?: number): Promise<SubscriptionView> {
    return this.rpc.request(BillingRequestSubjects.subscription, { userId }, { caller }, { timeoutMs });
  }

  subscriptions(caller: Caller, userIds: string[]): Promise<SubscriptionView[]> {
    return this.rpc.request(BillingRequestSubjects.subscriptions, { userIds }, { caller });
  }

  checkout(caller: Caller, request: CheckoutRequest): Promise<CheckoutResponse> {
    // Stripe may take a while to open a session; the SDK's own timeout is 20 s.
    return this.rpc.request(BillingRequestSubjects.checkout, request, { caller }, { timeoutMs: 25_000 });
  }

  cancel(caller: Caller): Promise<MessageReply> {
    return this.rpc.request(BillingRequestSubjects.cancel, {}, { caller }, { timeoutMs: 25_000 });
  }

  schedulePlanChange(caller: Caller, request: PlanChangeRequest): Promise<PlanChangeReply> {
    return this.rpc.request(BillingRequestSubjects.schedulePlanChange, request, { caller }, { timeoutMs: 25_000 });
  }

  refund(caller: Caller, request: RefundRequest): Promise<MessageReply> {
    return this.rpc.request(BillingRequestSubjects.refund, request, { caller }, { timeoutMs: 25_000 });
  }

  listCoupons(caller: Caller): Promise<Coupon[]> {
    return this.rpc.request(BillingRequestSubjects.listCoupons, {}, { caller });
  }

  createCoupon(caller: Caller, request: CouponCreateRequest): Promise<Coupon> {
    return this.rpc.request(BillingRequestSubjects.createCoupon, request, { caller }, { timeoutMs: 25_000 });
  }

  deactivateCoupon(caller: Caller, id: string): Promise<Coupon> {
    return this.rpc.request(BillingRequestSubjects.deactivateCoupon, { id }, { caller }, { timeoutMs: 25_000 });
  }

  createTestCoupon(caller: Caller): Promise<Coupon> {
    return this.rpc.request(BillingRequestSubjects.createTestCoupon, {}, { caller }, { timeoutMs: 25_000 });
  }

  stripeWebhook(request: StripeWebhookRequest): Promise<StripeWebhookReply> {
    return this.rpc.request(BillingRequestSubjects.stripeWebhook, request, { caller: null });
  }
}
