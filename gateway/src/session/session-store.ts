import { Logger } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { Pool } from 'pg';
import { ensureSchema } from '@originality/platform';

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
 * connect-pg-simple in schema `gateway`; its table is created at start when missing. Expired rows
 * are pruned every 15 minutes (an expired session is never served even before pruning).
 */
export function createSessionStore(pool: Pool): session.Store {
  const PgStore = connectPgSimple(session);
  return new PgStore({
    pool,
    schemaName: GATEWAY_SCHEMA,
    tableName: SESSION_TABLE,
    createTableIfMissing: true,
    pruneSessionInterval: 15 * 60,
    errorLog: (...args: unknown[]) => logger.error(args.map(String).join(' ')),
  });
}
