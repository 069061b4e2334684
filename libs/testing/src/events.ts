import { type DomainEvent, EVENTS_STREAM } from '@originality/contracts';
import { type ConsumerMessages, DeliverPolicy, type NatsConnection, connect } from 'nats';
import { eventually } from './wait';

export interface EventRecorder {
  /** Events seen so far, in stream order. */
  readonly events: DomainEvent[];
  /** Resolves with the first recorded event matching `predicate`. */
  waitFor<T = unknown>(predicate: (event: DomainEvent<T>) => boolean, timeoutMs?: number): Promise<DomainEvent<T>>;
  stop(): Promise<void>;
}

/**
 * Records the domain events published to the EVENTS stream on `filterSubject` from now on, with an
 * ordered (ephemeral) JetStream consumer; the stream must exist (a service creates it at start).
 */
export async function recordEvents(natsUrl: string, filterSubject = 'events.>'): Promise<EventRecorder> {
  const nc: NatsConnection = await connect({ servers: natsUrl });
  const events: DomainEvent[] = [];
  const consumer = await nc
    .jetstream()
    .consumers.get(EVENTS_STREAM, { filterSubjects: filterSubject, deliver_policy: DeliverPolicy.New });
  const messages: ConsumerMessages = await consumer.consume();
  const loop = (async () => {
    for await (const msg of messages) events.push(msg.json<DomainEvent>());
  })();
  return {
    events,
    waitFor: <T>(predicate: (event: DomainEvent<T>) => boolean, timeoutMs = 10_000) =>
      eventually(() => (events as DomainEvent<T>[]).find(predicate), {
        timeoutMs,
        what: 'a matching event on JetStream',
      }),
    stop: async () => {
      await messages.close();
      await loop.catch(() => undefined);
      await nc.close();
    },
  };
}
