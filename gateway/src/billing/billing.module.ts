import { Module } from '@nestjs/common';
import { BillingAdminController } from './billing-admin.controller';
import { BillingClient } from './billing.client';
import { BillingController } from './billing.controller';
import { StripeWebhookController } from './stripe-webhook';
import { SubscriptionFieldsSource } from './subscription-fields';

/** Plans, checkout, subscriptions, refunds, coupons and the Stripe webhook (all answered by billing). */
@Module({
  controllers: [BillingController, BillingAdminController, StripeWebhookController],
  providers: [BillingClient, SubscriptionFieldsSource],
  exports: [SubscriptionFieldsSource],
})
export class GatewayBillingModule {}
