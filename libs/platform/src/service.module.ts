import { Controller, type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { type ServiceName, pingSubject } from '@originality/contracts';
import { PlatformDatabaseModule, type ServiceDatabaseSpec } from './database';
import { type HealthOptions, PlatformHealthModule } from './health';
import { IdempotentConsumer } from './idempotent-consumer';
import { PlatformLoggerModule } from './logging';
import { OutboxRelay } from './outbox';
import { RpcContextInterceptor } from './rpc-context.interceptor';
import { PlatformRpcModule } from './rpc-client';
import { RpcErrorFilter } from './rpc-error.filter';

export interface PingReply {
  service: ServiceName;
}

/** Answers `<service>.health.ping` so the gateway's readiness can see the service. */
function pingController(name: ServiceName): Type {
  @Controller()
  class PingController {
    @MessagePattern(pingSubject(name))
    ping(): PingReply {
      return { service: name };
    }
  }
  return PingController;
}

export interface ServicePlatformSpec extends ServiceDatabaseSpec {
  name: ServiceName;
  health?: HealthOptions;
}

/**
 * Everything a service shares, in one import: JSON logs with request ids, its schema's data source
 * (migrations at start), the NATS connection with RpcClient and JetStream, the outbox relay, the
 * idempotent event consumer, the RPC error filter and context interceptor, health, metrics and ping.
 */
@Module({})
export class PlatformServiceModule {
  static forRoot(spec: ServicePlatformSpec): DynamicModule {
    return {
      module: PlatformServiceModule,
      global: true,
      imports: [
        PlatformLoggerModule.forRoot(spec.name),
        PlatformDatabaseModule.forRoot(spec),
        PlatformRpcModule.forRoot({ name: spec.name }),
        PlatformHealthModule.forRoot(spec.health),
      ],
      controllers: [pingController(spec.name)],
      providers: [
        OutboxRelay,
        IdempotentConsumer,
        { provide: APP_FILTER, useClass: RpcErrorFilter },
        { provide: APP_INTERCEPTOR, useClass: RpcContextInterceptor },
      ],
      exports: [OutboxRelay, IdempotentConsumer, PlatformDatabaseModule],
    };
  }
}
