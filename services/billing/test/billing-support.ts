import type { INestApplication } from '@nestjs/common';
import { type Caller, ServiceName } from '@originality/contracts';
import { DomainError, RpcClient } from '@originality/platform';
import { type TestDatabase, type TestNats, getTestDatabase, getTestNats, startTestService } from '@originality/testing';
import { BillingModule } from '../src/billing.module';

export interface BillingUnderTest {
  db: TestDatabase;
  nats: TestNats;
  app: INestApplication;
  call<T>(subject: string, data: unknown, caller?: Caller | null): Promise<T>;
  stop(): Promise<void>;
}

/** The billing service in this process, on a fresh database and a NATS server of its own. */
export async function startBilling(env: Record<string, string>): Promise<BillingUnderTest> {
  const [db, nats] = await Promise.all([getTestDatabase(), getTestNats()]);
  const app = await startTestService({
    name: ServiceName.BILLING,
    module: BillingModule,
    databaseUrl: db.url,
    natsUrl: nats.url,
    env: { NODE_ENV: 'test', ...env },
  });
  const rpc = app.get(RpcClient);
  return {
    db,
    nats,
    app,
    call: <T>(subject: string, data: unknown, caller: Caller | null = null) =>
      rpc.request<unknown, T>(subject, data, { caller }),
    stop: async () => {
      await app.close();
      await db.drop();
      await nats.stop();
    },
  };
}

/** The code and message of the DomainError a call failed with. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(err)}`);
  return { code: err.code, message: err.message };
}
