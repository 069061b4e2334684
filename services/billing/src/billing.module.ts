import { Module } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import { PlatformServiceModule } from '@originality/platform';
import { BillingHandlers } from './billing.handlers';
import { CheckoutService } from './checkout/checkout.service';
import { billingConfigProvider } from './config';
import { CouponRow } from './coupons/coupon.entity';
import { CouponsService } from './coupons/coupons.service';
import { BillingMigrations } from './migrations';
import { BILLING_SCHEMA } from './schema';
import { StripePayments } from './stripe/stripe-payments';
import { ExpirySweep } from './subscriptions/expiry-sweep';
import { Subscription } from './subscriptions/subscription.entity';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { StripeEventRecord } from './webhooks/stripe-event.entity';
import { WebhooksService } from './webhooks/webhooks.service';

@Module({
  imports: [
    PlatformServiceModule.forRoot({
      name: ServiceName.BILLING,
      schema: BILLING_SCHEMA,
      entities: [Subscription, CouponRow, StripeEventRecord],
      migrations: BillingMigrations,
    }),
  ],
  controllers: [BillingHandlers],
  providers: [
    billingConfigProvider,
    StripePayments,
    SubscriptionsService,
    CouponsService,
    CheckoutService,
    WebhooksService,
    ExpirySweep,
  ],
})
export class BillingModule {}
