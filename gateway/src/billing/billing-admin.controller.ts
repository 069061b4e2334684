import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Caller, type Coupon, type MessageReply, Permission } from '@originality/contracts';
import { CurrentCaller, RequirePermission } from '../access/access.decorators';
import { BillingClient } from './billing.client';
import { SubscriptionFieldsSource } from './subscription-fields';
import { CouponCreateDto, RefundDto } from './billing.dto';

/** Refunds (admins and the super administrator) and Coupon Management (the super administrator). */
@ApiTags('admin')
@ApiUnauthorizedResponse({ description: 'Signed out.' })
@ApiForbiddenResponse({ description: "{ error: 'This area requires administrator privileges.', code: 'FORBIDDEN' }" })
@Controller('api/admin')
export class BillingAdminController {
  constructor(
    private readonly billing: BillingClient,
    private readonly subscriptions: SubscriptionFieldsSource,
  ) {}

  @Post('refund')
  @HttpCode(200)
  @RequirePermission(Permission.PROCESS_REFUNDS)
  @ApiOkResponse({ description: '{ message }: the latest payment refunded, the subscription cancelled at once.' })
  async refund(@CurrentCaller() caller: Caller, @Body() body: RefundDto): Promise<MessageReply> {
    const reply = await this.billing.refund(caller, { ...body });
    this.subscriptions.forget(body.userId);
    return reply;
  }

  @Get('coupons')
  @RequirePermission(Permission.MANAGE_COUPONS)
  listCoupons(@CurrentCaller() caller: Caller): Promise<Coupon[]> {
    return this.billing.listCoupons(caller);
  }

  @Post('coupons')
  @HttpCode(200)
  @RequirePermission(Permission.MANAGE_COUPONS)
  createCoupon(@CurrentCaller() caller: Caller, @Body() body: CouponCreateDto): Promise<Coupon> {
    return this.billing.createCoupon(caller, { ...body });
  }

  @Post('coupons/:id/deactivate')
  @HttpCode(200)
  @RequirePermission(Permission.MANAGE_COUPONS)
  deactivateCoupon(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<Coupon> {
    return this.billing.deactivateCoupon(caller, id);
  }
}
