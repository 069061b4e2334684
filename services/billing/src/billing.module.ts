import { Module } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import { PlatformServiceModule } from '@originality/platform';
import { BillingMigrations } from './migrations';
import { BILLING_SCHEMA } from './schema';

@Module({
  imports: [
    PlatformServiceModule.forRoot({
      name: ServiceName.BILLING,
      schema: BILLING_SCHEMA,
      entities: [],
      migrations: BillingMigrations,
    }),
  ],
})
export class BillingModule {}
