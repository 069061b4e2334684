import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@originality/contracts';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type MsgHdrs,
  type NatsConnection,
  RetentionPolicy,
  headers as natsHeaders,
  nanos,
} from 'nats';
import { NATS_CONNECTION } from './nats-connection';
import { REQUEST_ID_HEADER } from './request-context';

export interface StreamSpec {
  name: string;
  subjects: string[];
  /** 'limits' keeps messages (events); 'workqueue' removes each once acked (jobs). */
  retention?: 'limits' | 'workqueue';
  /** How long JetStream remembers message ids for dedupe. Default 2 minutes. */
  duplicateWindowMs?: number;
  maxAgeMs?: number;
}

export interface ConsumerSpec {
  stream: string;
  durable: string;
  filterSubject?: string;
  /** Deliveries before giving up on a message (the handler sees the last one via `isLastDelivery`). */
  maxDeliver: number;
  /** Time without ack or `working()` before JetStream redelivers. */
  ackWaitMs: number;
  /** Messages handled at the same time by this process. Default 1. */
  concurrency?: number;
  /** Where a new durable starts. Default: all messages in the stream. */
  deliverFrom?: 'all' | 'new';
}

/** One delivery of a message, with the controls a long job needs. */
export interface Delivery<T> {
  subject: string;
  data: T;
  /** JetStream message id (`Nats-Msg-Id`), the event or job id. */
  msgId: string | undefined;
  requestId: string | undefined;
  deliveryCount: number;
  isLastDelivery: boolean;
  /** Tells JetStream the job is still running, so it is not redelivered yet. */
  working(): void;
}

/** What the handler decided; thrown errors mean `retry`. */
export type DeliveryOutcome = 'ack' | 'retry' | 'drop';

export interface ConsumerHandle {
  stop(): Promise<void>;
}

/** The events stream every service publishes its domain events to. */
export const EVENTS_STREAM_SPEC: StreamSpec = {
  name: EVENTS_STREAM,
  subjects: [`${EVENTS_SUBJECT_PREFIX}>`],
  retention: 'limits',
};

/**
 * JetStream behind one small provider: streams and durable consumers are created when missing,
 * publishes carry a message id for dedupe, and consumers ack explicitly with bounded redelivery.
 */
@Injectable()
export class JetStreamProvider {
  private readonly logger = new Logger(JetStreamProvider.name);
  private jsm?: JetStreamManager;
  private readonly ensured = new Set<string>();

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  get client(): JetStreamClient {
    return this.nc.jetstream();
  }

  private async manager(): Promise<JetStreamManager> {
    this.jsm ??= await this.nc.jetstreamManager();
    return this.jsm;
  }

  async ensureStream(spec: StreamSpec): Promise<void> {
    if (this.ensured.has(spec.name)) return;
    const jsm = await this.manager();
    const config = {
      name: spec.name,
      subjects: spec.subjects,
      retention: spec.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      duplicate_window: nanos(spec.duplicateWindowMs ?? 120_000),
      ...(spec.maxAgeMs ? { max_age: nanos(spec.maxAgeMs) } : {}),
    };
    try {
      await jsm.streams.info(spec.name);
    } catch {
      try {
        await jsm.streams.add(config);
      } catch (err) {
        // Another process may have created it in between.
        await jsm.streams.info(spec.name).catch(() => {
          throw err;
        });
      }
    }
    this.ensured.add(spec.name);
  }

  ensureEventsStream(): Promise<void> {
    return this.ensureStream(EVENTS_STREAM_SPEC);
  }

  async publish(
    subject: string,
    data: unknown,
    opts: { msgId?: string; requestId?: string } = {},
  ): Promise<{ duplicate: boolean; seq: number }> {
    const hdrs = natsHeaders();
    if (opts.requestId) hdrs.set(REQUEST_ID_HEADER, opts.requestId);
    const ack = await this.client.publish(subject, JSON.stringify(data), { msgID: opts.msgId, headers: hdrs });
    return { duplicate: ack.duplicate, seq: ack.seq };
  }

  async ensureConsumer(spec: ConsumerSpec): Promise<void> {
    const jsm = await this.manager();
    const config = {
      durable_name: spec.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: spec.deliverFrom === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
      max_deliver: spec.maxDeliver,
      ack_wait: nanos(spec.ackWaitMs),
      ...(spec.filterSubject ? { filter_subject: spec.filterSubject } : {}),
    };
    try {
      await jsm.consumers.info(spec.stream, spec.durable);
      await jsm.consumers.update(spec.stream, spec.durable, {
        max_deliver: config.max_deliver,
        ack_wait: config.ack_wait,
      });
    } catch {
      await jsm.consumers.add(spec.stream, config);
    }
  }

  /**
   * Consumes a durable consumer: each message goes to `handle`; its outcome acks, naks (with a
   * growing delay) or terminates the message. Returns a handle to stop consuming.
   */
  async consume<T>(
    spec: ConsumerSpec,
    handle: (delivery: Delivery<T>) => Promise<DeliveryOutcome>,
  ): Promise<ConsumerHandle> {
    await this.ensureConsumer(spec);
    const consumer = await this.client.consumers.get(spec.stream, spec.durable);
    const concurrency = Math.max(1, spec.concurrency ?? 1);
    const messages: ConsumerMessages = await consumer.consume({ max_messages: concurrency });
    const inFlight = new Set<Promise<void>>();
    const loop = (async () => {
      for await (const msg of messages) {
        const work = this.deliver(spec, msg, handle).finally(() => inFlight.delete(work));
        inFlight.add(work);
        if (inFlight.size >= concurrency) await Promise.race(inFlight);
      }
    })().catch((err) => this.logger.error(`Consumer ${spec.durable} stopped: ${(err as Error).message}`));
    return {
      stop: async () => {
        await messages.close().catch(() => undefined);
        await loop;
        await Promise.allSettled([...inFlight]);
      },
    };
  }

  private async deliver<T>(
    spec: ConsumerSpec,
    msg: JsMsg,
    handle: (delivery: Delivery<T>) => Promise<DeliveryOutcome>,
  ): Promise<void> {
    const deliveryCount = msg.info.deliveryCount;
    let outcome: DeliveryOutcome;
    try {
      const delivery: Delivery<T> = {
        subject: msg.subject,
        data: msg.json<T>(),
        msgId: headerOf(msg.headers, 'Nats-Msg-Id'),
        requestId: headerOf(msg.headers, REQUEST_ID_HEADER),
        deliveryCount,
        isLastDelivery: deliveryCount >= spec.maxDeliver,
        working: () => msg.working(),
      };
      outcome = await handle(delivery);
    } catch (err) {
      this.logger.error(
        `Message ${msg.subject} #${msg.seq} failed (delivery ${deliveryCount}/${spec.maxDeliver}): ${(err as Error).message}`,
      );
      outcome = 'retry';
    }
    if (outcome === 'ack') msg.ack();
    else if (outcome === 'drop' || deliveryCount >= spec.maxDeliver) msg.term();
    else msg.nak(Math.min(30_000, 500 * 2 ** (deliveryCount - 1)));
  }
}

function headerOf(hdrs: MsgHdrs | undefined, name: string): string | undefined {
  const value = hdrs?.get(name);
  return value ? value : undefined;
}
