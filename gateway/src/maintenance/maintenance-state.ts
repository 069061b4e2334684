import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  type Caller,
  type DomainEvent,
  EVENTS_STREAM,
  IdentityEvents,
  type MaintenanceChangedEvent,
  type MaintenanceStatus,
} from '@originality/contracts';
import { type ConsumerHandle, JetStreamProvider, NATS_CONNECTION } from '@originality/platform';
import type { NatsConnection } from 'nats';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { IdentityClient } from '../identity/identity.client';

/**
 * The maintenance flag as this gateway knows it. Identity owns it; the gateway keeps a copy so
 * that gating every request costs nothing: loaded at start, replaced on each
 * `events.identity.maintenance.changed` event, set at once after its own toggle, and re-read from
 * identity when older than MAINTENANCE_CACHE_SECONDS in case an event was missed.
 */
@Injectable()
export class MaintenanceState implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MaintenanceState.name);
  private enabled = false;
  private loadedAt = 0;
  private refreshing?: Promise<void>;
  private consumer?: ConsumerHandle;
  /** Each gateway process needs every event, so each has its own consumer (removed on shutdown). */
  private readonly consumerName = `gateway-maintenance-${randomUUID()}`;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly identity: IdentityClient,
    private readonly jetStream: JetStreamProvider,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    await this.jetStream.ensureEventsStream();
    this.consumer = await this.jetStream.consume<DomainEvent<MaintenanceChangedEvent>>(
      {
        stream: EVENTS_STREAM,
        durable: this.consumerName,
        filterSubject: IdentityEvents.maintenanceChanged,
        deliverFrom: 'new',
        maxDeliver: 3,
        ackWaitMs: 10_000,
      },
      async (delivery) => {
        if (typeof delivery.data?.data?.enabled === 'boolean') this.remember(delivery.data.data.enabled);
        return 'ack';
      },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
    if (this.nc.isClosed()) return;
    const jsm = await this.nc.jetstreamManager().catch(() => undefined);
    await jsm?.consumers.delete(EVENTS_STREAM, this.consumerName).catch(() => undefined);
  }

  /** Whether maintenance is on, re-reading identity first when the copy is stale. */
  async isEnabled(): Promise<boolean> {
    if (Date.now() - this.loadedAt > this.config.MAINTENANCE_CACHE_SECONDS * 1000) await this.refresh();
    return this.enabled;
  }

  async status(): Promise<MaintenanceStatus> {
    return { enabled: await this.isEnabled() };
  }

  /** Identity's current answer (for the admin screen), which also refreshes the copy. */
  async freshStatus(caller: Caller): Promise<MaintenanceStatus> {
    const status = await this.identity.getMaintenance(caller);
    this.remember(status.enabled);
    return status;
  }

  /** Switches maintenance through identity and applies the answer here without waiting for the event. */
  async set(caller: Caller, enabled: boolean): Promise<MaintenanceStatus> {
    const status = await this.identity.setMaintenance(caller, enabled);
    this.remember(status.enabled);
    return status;
  }

  private remember(enabled: boolean): void {
    this.enabled = enabled;
    this.loadedAt = Date.now();
  }

  /** One refresh at a time; if identity does not answer, the last known value stands. */
  private refresh(): Promise<void> {
    this.refreshing ??= this.identity
      .getMaintenance(null)
      .then((status) => this.remember(status.enabled))
      .catch((err: unknown) => {
        this.logger.warn(`Could not read the maintenance flag from identity: ${(err as Error).message}`);
        // Try again after a short pause rather than on every request.
        this.loadedAt = Date.now() - Math.max(0, this.config.MAINTENANCE_CACHE_SECONDS * 1000 - 2000);
      })
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }
}
