import {
  COUPON_RULES,
  type CheckoutRequest,
  type CouponCreateRequest,
  type CouponIdRequest,
  type EntitlementRequest,
  type PlanChangeRequest,
  type RefundRequest,
  type StripeWebhookRequest,
  type SubscriptionRequest,
  type SubscriptionsRequest,
} from '@originality/contracts';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/** Shapes only; the product rules (plans, coupon rules) live in the services. */
export class UserIdDto implements SubscriptionRequest, EntitlementRequest {
  @IsString() @IsNotEmpty() @MaxLength(255) userId: string;
}

export class UserIdsDto implements SubscriptionsRequest {
  @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) @MaxLength(255, { each: true }) userIds: string[];
}

export class CheckoutDto implements CheckoutRequest {
  @IsString() @MaxLength(40) planId: string;
  @IsOptional() @IsString() @MaxLength(40) planType?: string;
  @IsOptional() @IsString() @MaxLength(100) couponCode?: string;
}

export class PlanChangeDto implements PlanChangeRequest {
  @IsString() @MaxLength(40) newPlan: string;
  @IsString() @MaxLength(40) currentPlan: string;
}

export class RefundDto implements RefundRequest {
  @IsString() @IsNotEmpty() @MaxLength(255) userId: string;
  @IsString() @IsNotEmpty() @MaxLength(200) reason: string;
}

export class CouponCreateDto implements CouponCreateRequest {
  @IsString() @MaxLength(COUPON_RULES.codeMaxLength + 20) code: string;
  @ValidateIf((o: CouponCreateDto) => typeof o.discountPercent !== 'number')
  @IsString()
  @MaxLength(10)
  discountPercent: string | number;
  @IsString() @MaxLength(20) duration: string;
  @IsOptional() @IsInt() durationInMonths?: number;
  @IsOptional() @IsInt() maxRedemptions?: number;
}

export class CouponIdDto implements CouponIdRequest {
  @IsString() @MaxLength(64) id: string;
}

export class StripeWebhookDto implements StripeWebhookRequest {
  @IsString() @MaxLength(1_000_000) payload: string;
  @IsString() @MaxLength(2000) signature: string;
}

export class EmptyDto {}
