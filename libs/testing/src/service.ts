import type { INestApplication, Type } from '@nestjs/common';
import type { ServiceName } from '@originality/contracts';
import { startService } from '@originality/platform';

/**
 * Boots a service in the test process against the given database and NATS (HTTP on a free port),
 * as its main.ts would. Log output is silenced unless LOG_LEVEL is set.
 */
export async function startTestService(spec: {
  name: ServiceName;
  module: Type;
  databaseUrl: string;
  natsUrl: string;
  env?: Record<string, string>;
}): Promise<INestApplication> {
  Object.assign(process.env, {
    DATABASE_URL: spec.databaseUrl,
    NATS_URL: spec.natsUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...spec.env,
  });
  return startService({ name: spec.name, module: spec.module, httpPort: 0 });
}
