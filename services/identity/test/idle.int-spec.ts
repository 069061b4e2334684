import type { INestApplication } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import {
  type TestDatabase,
  type TestNats,
  commitRate,
  getTestDatabase,
  getTestNats,
  startTestService,
} from '@originality/testing';
import { IdentityModule } from '../src/identity.module';

/** Issue 7's target for a whole idle stack; one idle service must stay well under it. */
const MAX_IDLE_COMMITS_PER_SECOND = 5;
/** Long enough to average out Postgres's delayed statistics (see committedTransactions). */
const WINDOW_MS = 8000;

describe('an idle service costs (almost) nothing', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let app: INestApplication;

  beforeAll(async () => {
    [db, nats] = await Promise.all([getTestDatabase(), getTestNats()]);
    app = await startTestService({
      name: ServiceName.IDENTITY,
      module: IdentityModule,
      databaseUrl: db.url,
      natsUrl: nats.url,
    });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await nats?.stop();
  });

  it(`makes at most ${MAX_IDLE_COMMITS_PER_SECOND} database commits per second when nothing happens`, async () => {
    const rate = await commitRate(db.url, WINDOW_MS);
    expect(rate).toBeLessThanOrEqual(MAX_IDLE_COMMITS_PER_SECOND);
  }, 30_000);
});
