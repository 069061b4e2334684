import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DomainEvent, EVENTS_SUBJECT_PREFIX } from '@originality/contracts';
import type { DataSource, EntityManager, EntitySubscriberInterface, MigrationInterface, QueryRunner } from 'typeorm';
import { assertSchemaName } from './database';
import { JetStreamProvider } from './jetstream';
import { OutboxEvent } from './outbox.entities';
import { currentRequestContext } from './request-context';

/**
 * The migration that gives a service schema its `outbox_event` and `processed_event` tables. Put it
 * first in the service's migration list (its timestamp sorts before the service's own).
 */
export function outboxMigration(schema: string): new () => MigrationInterface {
  assertSchemaName(schema);
  return class PlatformOutbox1700000000000 implements MigrationInterface {
    name = 'PlatformOutbox1700000000000';
    async up(q: QueryRunner): Promise<void> {
      await q.query(`CREATE TABLE "${schema}"."outbox_event" (
        "id" uuid PRIMARY KEY,
        "type" text NOT NULL,
        "data" jsonb NOT NULL,
        "request_id" text,
        "occurred_at" timestamptz NOT NULL,
        "published_at" timestamptz)`);
      await q.query(
        `CREATE INDEX "outbox_event_unpublished" ON "${schema}"."outbox_event" ("occurred_at") WHERE "published_at" IS NULL`,
      );
      await q.query(`CREATE TABLE "${schema}"."processed_event" (
        "consumer" text NOT NULL,
        "event_id" uuid NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("consumer", "event_id"))`);
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."processed_event"`);
      await q.query(`DROP TABLE "${schema}"."outbox_event"`);
    }
  };
}

/** Writes domain events into the outbox, inside the caller's transaction. */
export class Outbox {
  /**
   * Records `type` (an `events.…` subject) with `data` in the same transaction as the change it
   * describes, so the event exists if and only if the change was committed.
   */
  static async add<T>(manager: EntityManager, type: string, data: T): Promise<DomainEvent<T>> {
    if (!type.startsWith(EVENTS_SUBJECT_PREFIX))
      throw new Error(`Event type "${type}" must start with "${EVENTS_SUBJECT_PREFIX}"`);
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('Outbox.add must run inside the transaction of the change it describes');
    const event: DomainEvent<T> = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
    await manager.insert(OutboxEvent, {
      id: event.id,
      type,
      data: data as object,
      requestId: currentRequestContext()?.requestId ?? null,
      occurredAt: new Date(event.occurredAt),
      publishedAt: null,
    });
    return event;
  }
}

const RELAY_BATCH = 100;

/**
 * Wakes the relay when, and only when, a committed change wrote outbox rows: an insert into
 * `outbox_event` marks its transaction, whose commit then nudges. Any other commit (the relay's own
 * drain included) wakes nothing, so an idle service makes no queries beyond the relay's slow poll.
 */
function outboxCommitWatcher(nudge: () => void): EntitySubscriberInterface<OutboxEvent> {
  const wroteEvents = new WeakSet<QueryRunner>();
  return {
    listenTo: () => OutboxEvent,
    afterInsert: ({ queryRunner }) => {
      // Outside a transaction the row is committed already.
      if (queryRunner.isTransactionActive) wroteEvents.add(queryRunner);
      else nudge();
    },
    // A savepoint release also broadcasts a commit: only the outermost commit makes rows visible.
    afterTransactionCommit: ({ queryRunner }) => {
      if (!queryRunner.isTransactionActive && wroteEvents.delete(queryRunner)) nudge();
    },
    afterTransactionRollback: ({ queryRunner }) => {
      if (!queryRunner.isTransactionActive) wroteEvents.delete(queryRunner);
    },
  };
}

/**
 * Publishes committed outbox rows to JetStream (message id = event id, so a re-publish after a
 * crash is deduplicated) and marks them published. Nudged by commits that wrote events; polls
 * every {@link OutboxRelay.pollIntervalMs} as a safety net for rows written by another process
 * (another replica, or one that died between commit and publish) and for passes that failed while
 * NATS or Postgres was away. Replicas share the work with `FOR UPDATE SKIP LOCKED`.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  /** One cheap query per interval at rest; events written here go out at once regardless. */
  static pollIntervalMs = 5000;
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jetStream: JetStreamProvider,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jetStream.ensureEventsStream();
    this.dataSource.subscribers.push(outboxCommitWatcher(() => this.nudge()));
    this.timer = setInterval(() => this.nudge(), OutboxRelay.pollIntervalMs);
    this.nudge();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Asks for a publish pass soon; passes never overlap. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        setImmediate(() => this.nudge());
      }
    });
  }

  /** Publishes until nothing is pending; resolves when the outbox is empty (used by tests too). */
  async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.publishBatch()) === RELAY_BATCH);
    } catch (err) {
      this.logger.warn(`Outbox relay will retry: ${(err as Error).message}`);
    }
  }

  private publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager
        .createQueryBuilder(OutboxEvent, 'e')
        .where('e.published_at IS NULL')
        .orderBy('e.occurred_at', 'ASC')
        .limit(RELAY_BATCH)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      const published: string[] = [];
      let failure: unknown;
      for (const row of rows) {
        const event: DomainEvent = {
          id: row.id,
          type: row.type,
          occurredAt: row.occurredAt.toISOString(),
          data: row.data,
        };
        try {
          await this.jetStream.publish(row.type, event, { msgId: row.id, requestId: row.requestId ?? undefined });
        } catch (err) {
          failure = err;
          break;
        }
        published.push(row.id);
      }
      // Keep what did go out marked even when a later publish failed; the rest waits for the next pass.
      if (published.length) await manager.update(OutboxEvent, published, { publishedAt: new Date() });
      if (failure) {
        this.logger.warn(`Outbox relay will retry: ${(failure as Error).message}`);
        return 0;
      }
      return rows.length;
    });
  }
}
