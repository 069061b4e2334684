import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { GatewayPeers } from '../cluster/gateway-peers';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { SESSION_POOL, SESSION_STORE, createSessionPool, createSessionStore } from './session-store';

class SessionPoolCloser implements OnApplicationShutdown {
  constructor(@Inject(SESSION_POOL) private readonly pool: Pool) {}
  async onApplicationShutdown(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}

/** The session store (Postgres schema `gateway`); the middleware itself is mounted in createGatewayApp. */
@Global()
@Module({
  providers: [
    {
      provide: SESSION_POOL,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => createSessionPool(config.DATABASE_URL),
    },
    { provide: SESSION_STORE, inject: [SESSION_POOL, GATEWAY_CONFIG, GatewayPeers], useFactory: createSessionStore },
    { provide: SessionPoolCloser, inject: [SESSION_POOL], useFactory: (pool: Pool) => new SessionPoolCloser(pool) },
  ],
  exports: [SESSION_POOL, SESSION_STORE],
})
export class SessionModule {}
