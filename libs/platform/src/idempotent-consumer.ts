import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DomainEvent, EVENTS_STREAM } from '@originality/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { type ConsumerHandle, JetStreamProvider } from './jetstream';
import { runWithLogContext } from './logging';
import { newRequestId } from './request-context';

export interface EventConsumerSpec<T> {
  /** Durable consumer name, unique across the system, e.g. 'admin-analytics-users'. */
  name: string;
  /** Event subject(s) to receive, e.g. 'events.identity.>' (one filter; NATS 2.9 allows one). */
  filterSubject: string;
  /** Deliveries before a failing event is given up (logged). Default 5. */
  maxDeliver?: number;
  /** Default 30 s. */
  ackWaitMs?: number;
  /** Applies the event; runs in the same transaction that records the event as processed. */
  handle: (event: DomainEvent<T>, manager: EntityManager) => Promise<void>;
}

/**
 * Consumes domain events exactly once in effect: the event id goes into this schema's
 * `processed_event` table in the same transaction as the handler's writes, so a redelivery (after a
 * crash before the ack) finds it and only acks.
 */
@Injectable()
export class IdempotentConsumer implements OnModuleDestroy {
  private readonly logger = new Logger(IdempotentConsumer.name);
  private readonly handles: ConsumerHandle[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jetStream: JetStreamProvider,
  ) {}

  async start<T>(spec: EventConsumerSpec<T>): Promise<ConsumerHandle> {
    await this.jetStream.ensureEventsStream();
    const maxDeliver = spec.maxDeliver ?? 5;
    const handle = await this.jetStream.consume<DomainEvent<T>>(
      {
        stream: EVENTS_STREAM,
        durable: spec.name,
        filterSubject: spec.filterSubject,
        maxDeliver,
        ackWaitMs: spec.ackWaitMs ?? 30_000,
      },
      (delivery) =>
        runWithLogContext(
          { requestId: delivery.requestId ?? newRequestId() },
          { consumer: spec.name, event: delivery.subject },
          async () => {
            try {
              await this.applyOnce(spec, delivery.data);
              return 'ack' as const;
            } catch (err) {
              const last = delivery.isLastDelivery ? ' — giving up on this event' : '';
              this.logger.error(
                `Event ${delivery.data?.id} (${delivery.subject}) failed on delivery ${delivery.deliveryCount}/${maxDeliver}${last}: ${(err as Error).message}`,
              );
              return delivery.isLastDelivery ? ('drop' as const) : ('retry' as const);
            }
          },
        ),
    );
    this.handles.push(handle);
    return handle;
  }

  /** True when the event was applied now, false when it had been applied before. */
  applyOnce<T>(spec: Pick<EventConsumerSpec<T>, 'name' | 'handle'>, event: DomainEvent<T>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const schema = (this.dataSource.options as { schema?: string }).schema ?? 'public';
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "${schema}".processed_event (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
        [spec.name, event.id],
      );
      if (inserted.length === 0) return false;
      await spec.handle(event, manager);
      return true;
    });
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.handles.splice(0).map((h) => h.stop()));
  }
}
