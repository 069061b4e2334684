import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { ServiceName, pingSubject } from '@originality/contracts';
import { type ReadinessCheck, RpcClient } from '@originality/platform';
import type { Pool } from 'pg';
import { SESSION_POOL } from '../session/session-store';

const CHECK_TIMEOUT_MS = 1500;

/** Ready only when sessions can be read and written: the session store's Postgres answers. */
@Injectable()
export class SessionStoreReadiness implements ReadinessCheck {
  constructor(
    @Inject(SESSION_POOL) private readonly pool: Pool,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async check(): Promise<HealthIndicatorResult> {
    const session = this.indicators.check('sessionStore');
    try {
      await this.pool.query({ text: 'SELECT 1', query_timeout: CHECK_TIMEOUT_MS } as never);
      return session.up();
    } catch (err) {
      return session.down((err as Error).message);
    }
  }
}

/** Ready only when identity answers: without it nobody can sign in or be recognised. */
@Injectable()
export class IdentityReadiness implements ReadinessCheck {
  constructor(
    private readonly rpc: RpcClient,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async check(): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(ServiceName.IDENTITY);
    try {
      await this.rpc.request(pingSubject(ServiceName.IDENTITY), {}, { caller: null }, { timeoutMs: CHECK_TIMEOUT_MS });
      return session.up();
    } catch (err) {
      return session.down((err as Error).message);
    }
  }
}
