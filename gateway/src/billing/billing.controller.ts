import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type {
  Caller,
  CheckoutResponse,
  Coupon,
  MessageReply,
  PlanChangeReply,
  PricingResponse,
} from '@originality/contracts';
import { CurrentCaller, RequireSignIn } from '../access/access.decorators';
import { BillingClient } from './billing.client';
import { SubscriptionFieldsSource } from './subscription-fields';
import { CheckoutDto, PlanChangeDto } from './billing.dto';

/** Spec §7 subscription calls of a signed-in user, plus the public price list. */
@ApiTags('billing')
@Controller('api')
export class BillingController {
  constructor(
    private readonly billing: BillingClient,
    /** Each change below shows in the caller's next /api/auth/user (VIP badge, plan name, notice). */
    private readonly subscriptions: SubscriptionFieldsSource,
  ) {}

  @Get('subscription/pricing')
  @ApiOkResponse({ description: 'monthly, quarterly and yearly with displayPrice and savings, and the four plans.' })
  pricing(): Promise<PricingResponse> {
    return this.billing.pricing();
  }

  @Post('create-checkout-session')
  @HttpCode(200)
  @RequireSignIn()
  @ApiUnauthorizedResponse({ description: 'Signed out.' })
  @ApiOkResponse({
    description: '{ success, redirect, message } when a coupon covers the price, else { sessionId, url }.',
  })
  async checkout(@CurrentCaller() caller: Caller, @Body() body: CheckoutDto): Promise<CheckoutResponse> {
    const reply = await this.billing.checkout(caller, { ...body });
    this.subscriptions.forget(caller.userId);
    return reply;
  }

  @Post('subscription/cancel')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ description: '{ message }: cancelled at the end of the billing period.' })
  async cancel(@CurrentCaller() caller: Caller): Promise<MessageReply> {
    const reply = await this.billing.cancel(caller);
    this.subscriptions.forget(caller.userId);
    return reply;
  }

  @Post('subscription/schedule-plan-change')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ description: '{ message, newPlan, effectiveAt }.' })
  async schedulePlanChange(@CurrentCaller() caller: Caller, @Body() body: PlanChangeDto): Promise<PlanChangeReply> {
    const reply = await this.billing.schedulePlanChange(caller, { ...body });
    this.subscriptions.forget(caller.userId);
    return reply;
  }

  /** Developer only: TESTFREE100; billing answers 404 in production. */
  @Post('create-test-coupon')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ description: 'The TESTFREE100 coupon.' })
  createTestCoupon(@CurrentCaller() caller: Caller): Promise<Coupon> {
    return this.billing.createTestCoupon(caller);
  }
}
