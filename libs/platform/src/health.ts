import { Controller, type DynamicModule, Get, Header, Inject, Injectable, Module, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  HealthCheck,
  HealthCheckService,
  type HealthIndicatorFunction,
  type HealthIndicatorResult,
  HealthIndicatorService,
  TerminusModule,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type { NatsConnection } from 'nats';
import { metricsRegistry } from './metrics';
import { NATS_CONNECTION } from './nats-connection';

/** A readiness check a process adds (e.g. the gateway pinging its services). */
export interface ReadinessCheck {
  check(): Promise<HealthIndicatorResult>;
}

export interface HealthOptions {
  /** Ping the TypeORM data source. Default true. */
  database?: boolean;
  /** Check the process's NATS connection. Default true. */
  nats?: boolean;
  /** More checks, as injectable classes (resolved from the app). */
  readiness?: Type<ReadinessCheck>[];
}

const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');
const NATS_FLUSH_TIMEOUT_MS = 1500;

@Injectable()
class NatsHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly moduleRef: ModuleRef,
  ) {}

  async check(key = 'nats'): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(key);
    const nc = this.moduleRef.get<NatsConnection>(NATS_CONNECTION, { strict: false });
    if (nc.isClosed()) return session.down('connection closed');
    try {
      await withTimeout(nc.flush(), NATS_FLUSH_TIMEOUT_MS);
      return session.up({ server: nc.getServer() });
    } catch (err) {
      return session.down((err as Error).message);
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

@Controller()
class HealthController {
  constructor(
    @Inject(HEALTH_OPTIONS) private readonly options: HealthOptions,
    private readonly health: HealthCheckService,
    private readonly moduleRef: ModuleRef,
    private readonly nats: NatsHealthIndicator,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  /** The process runs (for liveness probes: no dependency is checked). */
  @Get('health/live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The process can serve: its database and NATS answer. */
  @Get('health/ready')
  @HealthCheck()
  ready() {
    const checks: HealthIndicatorFunction[] = [];
    if (this.options.database !== false) {
      checks.push(() => this.db.pingCheck('database', { timeout: 1500 }));
    }
    if (this.options.nats !== false) checks.push(() => this.nats.check());
    for (const type of this.options.readiness ?? []) {
      const check = this.moduleRef.get(type, { strict: false });
      checks.push(() => check.check());
    }
    return this.health.check(checks);
  }

  @Get('metrics')
  @Header('Content-Type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}

/** `/health/live`, `/health/ready` (database + NATS + extra checks) and `/metrics` (Prometheus). */
@Module({})
export class PlatformHealthModule {
  static forRoot(options: HealthOptions = {}): DynamicModule {
    return {
      module: PlatformHealthModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [{ provide: HEALTH_OPTIONS, useValue: options }, NatsHealthIndicator, ...(options.readiness ?? [])],
    };
  }
}
