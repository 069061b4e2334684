import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions, type MigrationInterface } from 'typeorm';
import { commonConfig, loadConfig } from './config';
import { OutboxEvent, ProcessedEvent } from './outbox.entities';

/** An entity class (TypeORM accepts any constructor). */
export type EntityClass = abstract new (...args: never[]) => object;
type MigrationClass = new () => MigrationInterface;

export interface ServiceDatabaseSpec {
  /** The Postgres schema this service owns, e.g. 'identity' or 'admin_analytics'. */
  schema: string;
  entities: EntityClass[];
  migrations: MigrationClass[];
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema))
    throw new Error(`Invalid schema name "${schema}": use lowercase letters, digits and _`);
}

/**
 * One data source per service schema: tables and the migrations table live in `schema`, the
 * schema's own migrations run at start, never `synchronize`. The outbox and processed-event
 * entities are always included (their tables come from {@link outboxMigration}).
 */
export function serviceDataSourceOptions(spec: ServiceDatabaseSpec & { url: string }): DataSourceOptions {
  assertSchemaName(spec.schema);
  return {
    type: 'postgres',
    url: spec.url,
    schema: spec.schema,
    entities: [...spec.entities, OutboxEvent, ProcessedEvent],
    migrations: spec.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Unqualified names in hand-written SQL resolve to the service's own schema.
    extra: { options: `-c search_path=${spec.schema},public`, max: 10 },
  };
}

/** Creates the schema before TypeORM looks for its migrations table inside it. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  assertSchemaName(schema);
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`Cannot connect to Postgres (DATABASE_URL): ${(err as Error).message}`);
  }
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (err) {
    // Two processes starting together may race on the catalogue; the schema exists either way.
    if ((err as { code?: string }).code !== '23505') throw err;
  } finally {
    await client.end();
  }
}

/** Ensures the schema, connects and runs the pending migrations. */
export async function initializeServiceDataSource(options: DataSourceOptions): Promise<DataSource> {
  const { url, schema } = options as { url: string; schema: string };
  await ensureSchema(url, schema);
  return new DataSource(options).initialize();
}

/** TypeORM for a Nest service: its schema, entities and migrations; migrations run before it serves. */
@Module({})
export class PlatformDatabaseModule {
  static forRoot(spec: ServiceDatabaseSpec & { url?: string }): DynamicModule {
    return {
      module: PlatformDatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () =>
            serviceDataSourceOptions({
              ...spec,
              url: spec.url ?? loadConfig({ DATABASE_URL: commonConfig.DATABASE_URL }).DATABASE_URL,
            }),
          dataSourceFactory: (options) => initializeServiceDataSource(options as DataSourceOptions),
        }),
      ],
    };
  }
}
