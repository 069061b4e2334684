import 'reflect-metadata';
import { ServiceName } from '@originality/contracts';
import { DEFAULT_HTTP_PORTS, bootstrapService } from '@originality/platform';
import { BillingModule } from './billing.module';
import { billingConfigSpec } from './config';

void bootstrapService({
  name: ServiceName.BILLING,
  module: BillingModule,
  httpPort: DEFAULT_HTTP_PORTS[ServiceName.BILLING],
  config: billingConfigSpec,
});
