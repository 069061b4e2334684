import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  COUPON_DURATIONS,
  COUPON_RULES,
  type CheckoutRequest,
  type CouponCreateRequest,
  SUBSCRIPTION_TIERS,
  type PlanChangeRequest,
  type RefundRequest,
} from '@originality/contracts';
import { IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/** Shapes and sizes only: billing checks the product rules and answers with the spec's messages. */
export class CheckoutDto implements CheckoutRequest {
  @ApiProperty({ enum: SUBSCRIPTION_TIERS })
  @IsString()
  @MaxLength(40)
  planId: string;

  @ApiPropertyOptional({ enum: SUBSCRIPTION_TIERS })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  planType?: string;

  @ApiPropertyOptional({ example: 'TESTFREE100' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  couponCode?: string;
}

export class PlanChangeDto implements PlanChangeRequest {
  @ApiProperty({ enum: SUBSCRIPTION_TIERS })
  @IsString()
  @MaxLength(40)
  newPlan: string;

  @ApiProperty({ enum: SUBSCRIPTION_TIERS })
  @IsString()
  @MaxLength(40)
  currentPlan: string;
}

export class RefundDto implements RefundRequest {
  @ApiProperty({ description: "The user's id (their identity provider subject)." })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  userId: string;

  @ApiProperty({ example: 'requested_by_admin' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  reason: string;
}

export class CouponCreateDto implements CouponCreateRequest {
  @ApiProperty({ example: 'WELCOME50', maxLength: COUPON_RULES.codeMaxLength })
  @IsString()
  @MaxLength(COUPON_RULES.codeMaxLength + 20)
  code: string;

  @ApiProperty({ description: 'A whole number from 1 to 100, sent as a string by the form.', example: '50' })
  @ValidateIf((o: CouponCreateDto) => typeof o.discountPercent !== 'number')
  @IsString({ message: 'discountPercent must be a number or a string' })
  @MaxLength(10)
  discountPercent: string | number;

  @ApiProperty({ enum: COUPON_DURATIONS })
  @IsString()
  @MaxLength(20)
  duration: string;

  @ApiPropertyOptional({ minimum: COUPON_RULES.minMonths, description: 'Only for repeating coupons.' })
  @IsOptional()
  @IsInt()
  durationInMonths?: number;

  @ApiPropertyOptional({ minimum: COUPON_RULES.minRedemptions })
  @IsOptional()
  @IsInt()
  maxRedemptions?: number;
}
