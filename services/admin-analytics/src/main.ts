import 'reflect-metadata';
import { DEFAULT_HTTP_PORTS, bootstrapService } from '@originality/platform';
import { ServiceName } from '@originality/contracts';
import { AdminAnalyticsModule } from './admin-analytics.module';

void bootstrapService({
  name: ServiceName.ADMIN_ANALYTICS,
  module: AdminAnalyticsModule,
  httpPort: DEFAULT_HTTP_PORTS[ServiceName.ADMIN_ANALYTICS],
});
