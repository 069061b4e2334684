import { Logger } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { Pool } from 'pg';
import { ensureSchema } from '@originality/platform';
import type { GatewayPeers } from '../cluster/gateway-peers';
import type { GatewayConfig } from '../config';
import { CachedSessionStore } from './session-cache';

/** The gateway's own Postgres schema; sessions live in its `session` table. */
export const GATEWAY_SCHEMA = 'gateway';
export const SESSION_TABLE = 'session';
export const SESSION_POOL = Symbol('SESSION_POOL');
export const SESSION_STORE = Symbol('SESSION_STORE');

const logger = new Logger('SessionStore');

/** A small pool for the session store; the schema is created first if missing. */
export async function createSessionPool(databaseUrl: string): Promise<Pool> {
  await ensureSchema(databaseUrl, GATEWAY_SCHEMA);
  const pool = new Pool({ connectionString: databaseUrl, max: 5 });
  pool.on('error', (err) => logger.error(`Idle session store connection failed: ${err.message}`));
  return pool;
}

/**
 * connect-pg-simple in schema `gateway` (its table is created at start when missing; expired rows
 * are pruned every 15 minutes, and an expired session is never served even before pruning), behind
 * a short in-process cache so the common request reads and writes nothing (see CachedSessionStore).
 */
export function createSessionStore(
  pool: Pool,
  config: Pick<GatewayConfig, 'SESSION_CACHE_SECONDS' | 'SESSION_IDLE_MINUTES'>,
  peers?: GatewayPeers,
): session.Store {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool,
    schemaName: GATEWAY_SCHEMA,
    tableName: SESSION_TABLE,
    createTableIfMissing: true,
    pruneSessionInterval: 15 * 60,
    errorLog: (...args: unknown[]) => logger.error(args.map(String).join(' ')),
  });
  return new CachedSessionStore(store, {
    cacheMs: config.SESSION_CACHE_SECONDS * 1000,
    touchEveryMs: touchInterval(config.SESSION_IDLE_MINUTES),
    peers,
  });
}

/** The idle expiry is renewed in the store at most every 1/20 of the idle timeout (60 s for 2 h), 60 s at most. */
export const touchInterval = (idleMinutes: number): number => Math.min(60_000, (idleMinutes * 60_000) / 20);
