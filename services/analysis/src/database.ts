import { initializeServiceDataSource, serviceDataSourceOptions } from '@originality/platform';
import { Client } from 'pg';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { CATALOGUE_ENTITIES } from './catalogue/entities';
import { ANALYSIS_MIGRATIONS } from './migrations';
import { ANALYSIS_SCHEMA } from './schema';

/** Postgres' "duplicate_database" code, or a unique violation on the catalogue: someone else created it first. */
const ALREADY_EXISTS = new Set(['42P04', '23505']);

/** The analysis schema's data source options: catalogue entities and migrations, run at start. */
export function analysisDataSourceOptions(url: string): DataSourceOptions {
  return serviceDataSourceOptions({
    schema: ANALYSIS_SCHEMA,
    entities: CATALOGUE_ENTITIES,
    migrations: ANALYSIS_MIGRATIONS,
    url,
  });
}

/** Opens the analysis schema for tools (CLI, benchmarks): creates the database and schema and migrates. */
export async function openAnalysisDatabase(url: string): Promise<DataSource> {
  await ensureDatabaseExists(url);
  return initializeServiceDataSource(analysisDataSourceOptions(url));
}

/** Creates the database named in `url` when it is missing (first run on a fresh machine). */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new Error(`DATABASE_URL must name a database: ${redact(url)}`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to Postgres at ${redact(url)}: ${(error as Error).message}`);
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    if (!ALREADY_EXISTS.has((error as { code?: string }).code ?? '')) throw error;
  } finally {
    await client.end();
  }
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
