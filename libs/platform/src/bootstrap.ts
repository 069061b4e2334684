import 'reflect-metadata';
import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import type { ServiceName } from '@originality/contracts';
import { Logger } from 'nestjs-pino';
import { ConfigError, type ConfigSpec, commonConfig, httpPortEntry, loadConfig } from './config';

export interface ServiceBootstrapSpec {
  name: ServiceName;
  /** The service's root module (imports PlatformServiceModule.forRoot(...)). */
  module: Type;
  /** Default HTTP port for health and metrics; `HTTP_PORT` overrides it; 0 picks a free port. */
  httpPort: number;
  /** Service-specific settings, checked together with the common ones before anything starts. */
  config?: ConfigSpec;
  env?: NodeJS.ProcessEnv;
}

/**
 * Creates and starts a service: config checked first (a bad variable stops start-up, named),
 * migrations run during module init (before anything listens), the NATS microservice joins the
 * queue group named after the service, and HTTP serves only health and metrics.
 */
export async function startService(spec: ServiceBootstrapSpec): Promise<INestApplication> {
  const env = spec.env ?? process.env;
  const config = loadConfig({ ...commonConfig, ...httpPortEntry(spec.httpPort), ...(spec.config ?? {}) }, env);
  const app = await NestFactory.create(spec.module, { bufferLogs: true, abortOnError: false });
  try {
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    app.connectMicroservice<MicroserviceOptions>(
      {
        transport: Transport.NATS,
        // Reconnects for ever, like the process's own connection: a NATS restart must not end the service.
        options: {
          servers: [config.NATS_URL],
          queue: spec.name,
          name: `${spec.name}-rpc`,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 500,
        },
      },
      { inheritAppConfig: true },
    );
    await app.startAllMicroservices();
    await app.listen(config.HTTP_PORT);
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}

/** The `main.ts` of a service: {@link startService}, exiting with a clear message when it cannot start. */
export async function bootstrapService(spec: ServiceBootstrapSpec): Promise<INestApplication> {
  try {
    return await startService(spec);
  } catch (err) {
    if (err instanceof ConfigError) console.error(`${spec.name} cannot start. ${err.message}`);
    else console.error(`${spec.name} cannot start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  }
}
