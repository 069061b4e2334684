import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  BillingRequestSubjects,
  BillingSubjects,
  type Caller,
  type CheckoutResponse,
  type Coupon,
  type Entitlement,
  type MessageReply,
  type PlanChangeReply,
  type PricingResponse,
  type StripeWebhookReply,
  type SubscriptionView,
} from '@originality/contracts';
import { EnvelopeCaller, EnvelopeData } from '@originality/platform';
import {
  CheckoutDto,
  CouponCreateDto,
  CouponIdDto,
  EmptyDto,
  PlanChangeDto,
  RefundDto,
  StripeWebhookDto,
  UserIdDto,
  UserIdsDto,
} from './billing.dto';
import { CheckoutService } from './checkout/checkout.service';
import { BILLING_CONFIG, type BillingConfig } from './config';
import { CouponsService } from './coupons/coupons.service';
import { pricing } from './plans/plan-catalogue';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { WebhooksService } from './webhooks/webhooks.service';

/** NATS edge of billing: validate the envelope, call one service method. */
@Controller()
export class BillingHandlers {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly checkouts: CheckoutService,
    private readonly coupons: CouponsService,
    private readonly webhooks: WebhooksService,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  @MessagePattern(BillingRequestSubjects.pricing)
  pricing(@EnvelopeData(EmptyDto) _: EmptyDto): PricingResponse {
    return pricing(this.config.NODE_ENV);
  }

  @MessagePattern(BillingSubjects.entitlement)
  entitlement(@EnvelopeData(UserIdDto) data: UserIdDto): Promise<Entitlement> {
    return this.subscriptions.entitlement(data.userId);
  }

  @MessagePattern(BillingRequestSubjects.subscription)
  subscription(
    @EnvelopeData(UserIdDto) data: UserIdDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<SubscriptionView> {
    return this.subscriptions.view(caller, data.userId);
  }

  @MessagePattern(BillingRequestSubjects.subscriptions)
  subscriptionsOf(
    @EnvelopeData(UserIdsDto) data: UserIdsDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<SubscriptionView[]> {
    return this.subscriptions.views(caller, data.userIds);
  }

  @MessagePattern(BillingRequestSubjects.checkout)
  checkout(
    @EnvelopeData(CheckoutDto) data: CheckoutDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<CheckoutResponse> {
    return this.checkouts.checkout(caller, data);
  }

  @MessagePattern(BillingRequestSubjects.cancel)
  cancel(@EnvelopeData(EmptyDto) _: EmptyDto, @EnvelopeCaller() caller: Caller | null): Promise<MessageReply> {
    return this.subscriptions.cancel(caller);
  }

  @MessagePattern(BillingRequestSubjects.schedulePlanChange)
  schedulePlanChange(
    @EnvelopeData(PlanChangeDto) data: PlanChangeDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<PlanChangeReply> {
    return this.subscriptions.schedulePlanChange(caller, data.newPlan, data.currentPlan);
  }

  @MessagePattern(BillingRequestSubjects.refund)
  refund(@EnvelopeData(RefundDto) data: RefundDto, @EnvelopeCaller() caller: Caller | null): Promise<MessageReply> {
    return this.subscriptions.refund(caller, data.userId, data.reason);
  }

  @MessagePattern(BillingRequestSubjects.listCoupons)
  listCoupons(@EnvelopeData(EmptyDto) _: EmptyDto, @EnvelopeCaller() caller: Caller | null): Promise<Coupon[]> {
    return this.coupons.list(caller);
  }

  @MessagePattern(BillingRequestSubjects.createCoupon)
  createCoupon(
    @EnvelopeData(CouponCreateDto) data: CouponCreateDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<Coupon> {
    return this.coupons.create(caller, data);
  }

  @MessagePattern(BillingRequestSubjects.deactivateCoupon)
  deactivateCoupon(
    @EnvelopeData(CouponIdDto) data: CouponIdDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<Coupon> {
    return this.coupons.deactivate(caller, data.id);
  }

  @MessagePattern(BillingRequestSubjects.createTestCoupon)
  createTestCoupon(@EnvelopeData(EmptyDto) _: EmptyDto, @EnvelopeCaller() caller: Caller | null): Promise<Coupon> {
    return this.coupons.createTestCoupon(caller);
  }

  @MessagePattern(BillingRequestSubjects.stripeWebhook)
  stripeWebhook(@EnvelopeData(StripeWebhookDto) data: StripeWebhookDto): Promise<StripeWebhookReply> {
    return this.webhooks.receive(data.payload, data.signature);
  }
}
