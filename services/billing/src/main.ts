import 'reflect-metadata';
import { DEFAULT_HTTP_PORTS, bootstrapService } from '@originality/platform';
import { ServiceName } from '@originality/contracts';
import { BillingModule } from './billing.module';

void bootstrapService({
  name: ServiceName.BILLING,
  module: BillingModule,
  httpPort: DEFAULT_HTTP_PORTS[ServiceName.BILLING],
});
