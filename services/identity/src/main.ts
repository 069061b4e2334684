import 'reflect-metadata';
import { ServiceName } from '@originality/contracts';
import { DEFAULT_HTTP_PORTS, bootstrapService } from '@originality/platform';
import { identityConfigSpec } from './config';
import { IdentityModule } from './identity.module';

void bootstrapService({
  name: ServiceName.IDENTITY,
  module: IdentityModule,
  httpPort: DEFAULT_HTTP_PORTS[ServiceName.IDENTITY],
  config: identityConfigSpec,
});
