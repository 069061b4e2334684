import { Controller, type INestApplication, Injectable, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Caller, type DomainEvent, ErrorCode, ServiceName } from '@originality/contracts';
import {
  type EventRecorder,
  type TestDatabase,
  type TestNats,
  aCaller,
  eventually,
  getTestDatabase,
  getTestNats,
  recordEvents,
  startTestService,
} from '@originality/testing';
import { IsInt, Min } from 'class-validator';
import { PinoLogger } from 'nestjs-pino';
import type { DataSource } from 'typeorm';
import {
  DomainError,
  EnvelopeCaller,
  EnvelopeData,
  IdempotentConsumer,
  Outbox,
  OutboxEvent,
  OutboxRelay,
  PlatformServiceModule,
  RpcClient,
  currentRequestContext,
  outboxMigration,
} from '../src';

const SCHEMA = 'kit_test';
const S = {
  echo: 'billing.kit.echo',
  fail: 'billing.kit.fail',
  crash: 'billing.kit.crash',
  slow: 'billing.kit.slow',
  record: 'billing.kit.record',
};
const EVENT = 'events.billing.kit.recorded';

class CountDto {
  @IsInt() @Min(1) count: number;
}

@Injectable()
class KitService {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}
  record(count: number): Promise<DomainEvent> {
    return this.dataSource.transaction((m) => Outbox.add(m, EVENT, { count }));
  }
}

@Controller()
class KitHandlers {
  constructor(
    private readonly kit: KitService,
    private readonly logger: PinoLogger,
  ) {}
  @MessagePattern(S.echo)
  echo(@EnvelopeData(CountDto) data: CountDto, @EnvelopeCaller() caller: Caller | null) {
    return {
      count: data.count,
      caller: caller?.userId ?? null,
      context: currentRequestContext(),
      log: this.logger.logger.bindings(),
    };
  }
  @MessagePattern(S.fail)
  fail(): never {
    throw DomainError.limitExceeded('Monthly limit reached.', { max: 3 });
  }
  @MessagePattern(S.crash)
  crash(): never {
    throw new TypeError('secret internals');
  }
  @MessagePattern(S.slow)
  async slow(): Promise<string> {
    await new Promise((r) => setTimeout(r, 1500));
    return 'late';
  }
  @MessagePattern(S.record)
  record(@EnvelopeData(CountDto) data: CountDto) {
    return this.kit.record(data.count);
  }
}

@Module({
  imports: [
    PlatformServiceModule.forRoot({
      name: ServiceName.BILLING,
      schema: SCHEMA,
      entities: [],
      migrations: [outboxMigration(SCHEMA)],
    }),
  ],
  controllers: [KitHandlers],
  providers: [KitService],
})
class KitModule {}

describe('platform kit (real Postgres, real NATS)', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let app: INestApplication;
  let rpc: RpcClient;
  let events: EventRecorder;
  const caller = aCaller();
  const errorOf = async (p: Promise<unknown>): Promise<DomainError> => {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(err)}`);
    return err;
  };

  beforeAll(async () => {
    [db, nats] = await Promise.all([getTestDatabase(), getTestNats()]);
    app = await startTestService({
      name: ServiceName.BILLING,
      module: KitModule,
      databaseUrl: db.url,
      natsUrl: nats.url,
    });
    rpc = app.get(RpcClient);
    events = await recordEvents(nats.url, 'events.billing.>');
  });
  afterAll(async () => {
    await events?.stop();
    await app?.close();
    await db?.drop();
    await nats?.stop();
  });

  it('carries the caller and request id to the handler, its context and its log lines', async () => {
    const reply = await rpc.request<
      object,
      { count: number; caller: string; context: { requestId: string; userId: string }; log: Record<string, unknown> }
    >(S.echo, { count: 2 }, { caller, requestId: 'req-123' });
    expect(reply.count).toBe(2);
    expect(reply.caller).toBe(caller.userId);
    expect(reply.context).toEqual({ requestId: 'req-123', userId: caller.userId });
    expect(reply.log).toMatchObject({ requestId: 'req-123', userId: caller.userId, subject: S.echo });
  });

  it('turns invalid payloads into VALIDATION with field details', async () => {
    const err = await errorOf(rpc.request(S.echo, { count: 0, extra: 1 }, { caller }));
    expect(err).toBeInstanceOf(DomainError);
    expect(err.code).toBe(ErrorCode.VALIDATION);
    expect(err.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'count' }),
        expect.objectContaining({ field: 'extra' }),
      ]),
    );
  });

  it('keeps a domain error code, message and details across NATS', async () => {
    const err = await errorOf(rpc.request(S.fail, {}, { caller }));
    expect({ code: err.code, message: err.message, details: err.details }).toEqual({
      code: ErrorCode.LIMIT_EXCEEDED,
      message: 'Monthly limit reached.',
      details: { max: 3 },
    });
  });

  it('hides unexpected errors behind INTERNAL with a generic message', async () => {
    const err = await errorOf(rpc.request(S.crash, {}, { caller }));
    expect(err.code).toBe(ErrorCode.INTERNAL);
    expect(err.message).not.toContain('secret');
  });

  it('never waits forever: TIMEOUT when slow, UNAVAILABLE when nobody listens', async () => {
    expect((await errorOf(rpc.request(S.slow, {}, { caller }, { timeoutMs: 200 }))).code).toBe(ErrorCode.TIMEOUT);
    expect((await errorOf(rpc.request('nobody.listens.here', {}, { caller }))).code).toBe(ErrorCode.UNAVAILABLE);
  });

  it('publishes outbox events after commit, with the event id as message id', async () => {
    const event = await rpc.request<object, DomainEvent>(S.record, { count: 7 }, { caller });
    const seen = await events.waitFor((e) => e.id === event.id);
    expect(seen).toEqual({ id: event.id, type: EVENT, occurredAt: event.occurredAt, data: { count: 7 } });
    // The relay marks the row only after JetStream acknowledged it, so a subscriber may see the event first.
    const outbox = app.get(KitService).dataSource.getRepository(OutboxEvent);
    await eventually(async () => (await outbox.findOneByOrFail({ id: event.id })).publishedAt !== null, {
      what: 'the outbox row to be marked published',
    });
  });

  it('publishes rows left unpublished by a process that died after commit', async () => {
    const ds = app.get(KitService).dataSource;
    const id = '00000000-0000-4000-8000-000000000042';
    // Plain SQL, as another process would write it: no commit of this process announces the row.
    await ds.query(
      `INSERT INTO "${SCHEMA}".outbox_event (id, type, data, occurred_at) VALUES ($1, $2, '{"count":42}', now())`,
      [id, EVENT],
    );
    await events.waitFor((e) => e.id === id, OutboxRelay.pollIntervalMs + 5000);
    // A second publish of the same id (a crash after publish, before marking) is deduplicated by JetStream.
    await ds.getRepository(OutboxEvent).update(id, { publishedAt: null });
    await app.get(OutboxRelay).drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(events.events.filter((e) => e.id === id)).toHaveLength(1);
  });

  it('applies each event once, even when delivered again', async () => {
    const consumer = app.get(IdempotentConsumer);
    const applied: number[] = [];
    const handle = async (event: DomainEvent<{ count: number }>) => void applied.push(event.data.count);
    await consumer.start<{ count: number }>({ name: `kit-test-${Date.now()}`, filterSubject: EVENT, handle });
    const event = await rpc.request<object, DomainEvent>(S.record, { count: 9 }, { caller });
    await eventually(() => applied.includes(9), { what: 'the event to be applied' });
    expect(await consumer.applyOnce({ name: 'direct', handle }, event as DomainEvent<{ count: number }>)).toBe(true);
    expect(await consumer.applyOnce({ name: 'direct', handle }, event as DomainEvent<{ count: number }>)).toBe(false);
    expect(applied.filter((c) => c === 9)).toHaveLength(2); // once by the durable consumer, once directly
  });

  it('serves liveness, readiness and metrics over HTTP', async () => {
    const base = await app.getUrl();
    const url = base.replace('[::1]', '127.0.0.1');
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' }, nats: { status: 'up' } },
    });
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(
      /originality_messages_handled_total\{subject="billing.kit.fail",outcome="LIMIT_EXCEEDED"\} \d/,
    );
  });
});
