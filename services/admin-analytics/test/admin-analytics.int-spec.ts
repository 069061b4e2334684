import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  type AdminAnalytics,
  AdminAnalyticsSubjects,
  AnalysisEvents,
  BillingEvents,
  type Caller,
  type DomainEvent,
  EVENTS_STREAM,
  ErrorCode,
  type HeatmapData,
  IdentityEvents,
  ServiceName,
  type SubscriptionChangedEvent,
  UploadEvents,
} from '@originality/contracts';
import { DomainError, RpcClient } from '@originality/platform';
import {
  type TestDatabase,
  type TestNats,
  aCaller,
  anAdminCaller,
  eventually,
  getTestDatabase,
  getTestNats,
  startTestService,
} from '@originality/testing';
import { type NatsConnection, connect } from 'nats';
import { Client } from 'pg';
import { AdminAnalyticsModule } from '../src/admin-analytics.module';
import { durableNameOf } from '../src/read-models/event-feed';
import { ADMIN_ANALYTICS_SCHEMA } from '../src/schema';

const HOUR = 3_600_000;
/** The hour this suite's history is anchored to, fixed once so an hour boundary mid-run moves nothing. */
const THIS_HOUR = Math.floor(Date.now() / HOUR) * HOUR;
const hoursAgo = (h: number) => new Date(THIS_HOUR - h * HOUR + 60_000).toISOString();

/** A domain event as another service's outbox would publish it. */
const anEvent = <T>(type: string, data: T, occurredAt = new Date().toISOString()): DomainEvent<T> => ({
  id: randomUUID(),
  type,
  occurredAt,
  data,
});

/** What happened on the platform: 4 sign-ups, 5 uploads, 3 analyses, 4 subscription changes, 1 deletion. */
function aHistory(): DomainEvent[] {
  const users = ['ann', 'bob', 'cy', 'dee'].map((name) => ({
    userId: `dev:${name}@example.test`,
    email: `${name}@example.test`,
  }));
  const upload = (n: number, mimeType: string, createdAt: string) => ({
    uploadId: randomUUID(),
    analysisId: randomUUID(),
    userId: users[n % 4].userId,
    userEmail: users[n % 4].email,
    objectPath: `uploads/${n}.bin`,
    originalFilename: `song-${n}`,
    mimeType,
    fileSize: 1_000_000 + n,
    createdAt,
  });
  const uploads = [
    upload(0, 'audio/mpeg', hoursAgo(3)),
    upload(1, 'audio/mpeg', hoursAgo(3)),
    upload(2, 'audio/wav', hoursAgo(2)),
    upload(3, 'audio/x-wav', hoursAgo(2)),
    upload(4, 'audio/mp4', hoursAgo(1)),
  ];
  const completed = (u: (typeof uploads)[number], originalityScore: number, similarTracksFound: number) =>
    anEvent(AnalysisEvents.completed, {
      uploadId: u.uploadId,
      analysisId: u.analysisId,
      userId: u.userId,
      originalityScore,
      matchCount: similarTracksFound,
      similarTracksFound,
      durationSec: 60,
      processingMs: 900,
      completedAt: hoursAgo(0),
    });
  const subscription = (
    n: number,
    action: SubscriptionChangedEvent['action'],
    tier: 'monthly' | 'yearly',
    at: string,
  ) =>
    anEvent<SubscriptionChangedEvent>(BillingEvents.subscriptionChanged, {
      ...users[n],
      action,
      tier,
      amountCents: 0,
      at,
    });
  return [
    ...users.map((u) => anEvent(IdentityEvents.userRegistered, { ...u, createdAt: hoursAgo(5) })),
    anEvent(IdentityEvents.userPromoted, { userId: users[3].userId, role: 'admin', promotedBy: 'boss' }),
    ...uploads.map((u) => anEvent(UploadEvents.created, u)),
    ...uploads.slice(0, 3).map((u) =>
      anEvent(AnalysisEvents.started, {
        uploadId: u.uploadId,
        analysisId: u.analysisId,
        userId: u.userId,
        startedAt: hoursAgo(0),
      }),
    ),
    completed(uploads[0], 80, 3),
    completed(uploads[1], 65, 1),
    anEvent(AnalysisEvents.failed, {
      uploadId: uploads[2].uploadId,
      analysisId: uploads[2].analysisId,
      userId: uploads[2].userId,
      reason: 'unreadable',
      failedAt: hoursAgo(0),
    }),
    anEvent(UploadEvents.deleted, {
      uploadId: uploads[4].uploadId,
      userId: uploads[4].userId,
      objectPath: 'x',
      deletedBy: 'boss',
    }),
    subscription(0, 'subscribed', 'monthly', hoursAgo(4)),
    subscription(1, 'subscribed', 'yearly', hoursAgo(4)),
    subscription(2, 'subscribed', 'monthly', hoursAgo(4)),
    subscription(2, 'cancelled', 'monthly', hoursAgo(3)),
  ];
}

describe('admin-analytics read models (real JetStream, real Postgres)', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let nc: NatsConnection;
  let app: INestApplication;
  const admin: Caller = anAdminCaller();
  const history = aHistory();

  const start = async () => {
    app = await startTestService({
      name: ServiceName.ADMIN_ANALYTICS,
      module: AdminAnalyticsModule,
      databaseUrl: db.url,
      natsUrl: nats.url,
    });
  };
  const call = <T>(subject: string, data: unknown, caller: Caller | null = admin) =>
    app.get(RpcClient).request<unknown, T>(subject, data, { caller });
  const analytics = () => call<AdminAnalytics>(AdminAnalyticsSubjects.analytics, {});
  const heatmap = () => call<HeatmapData>(AdminAnalyticsSubjects.heatmap, { timeframe: 7 });
  /** Publishes as the outbox relay does; `dedupe: false` stores a second copy (as a replay would). */
  const publish = async (events: DomainEvent[], dedupe = true) => {
    for (const e of events)
      await nc.jetstream().publish(e.type, JSON.stringify(e), dedupe ? { msgID: e.id } : undefined);
  };
  const sql = async <T>(query: string): Promise<T[]> => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query(query)).rows as T[];
    } finally {
      await client.end();
    }
  };
  /** Waits until this schema's durable consumer has applied every event of the stream. */
  const caughtUp = async () => {
    const [{ id }] = await sql<{ id: string }>(`SELECT id FROM ${ADMIN_ANALYTICS_SCHEMA}.read_model_generation`);
    const jsm = await nc.jetstreamManager();
    await eventually(
      async () => {
        const info = await jsm.consumers.info(EVENTS_STREAM, durableNameOf(id));
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { what: 'the read models to catch up with the stream', timeoutMs: 20_000 },
    );
  };

  beforeAll(async () => {
    [db, nats] = await Promise.all([getTestDatabase(), getTestNats()]);
    nc = await connect({ servers: nats.url });
    await start();
    await publish(history);
    await caughtUp();
  });

  afterAll(async () => {
    await app?.close();
    await nc?.close();
    await db?.drop();
    await nats?.stop();
  });

  it('turns the events into the figures of the admin screens', async () => {
    const figures = await analytics();
    expect(figures.users).toEqual({ total: 4, vip: 2, free: 2 });
    expect(figures.uploads).toEqual({ total: 4, completed: 2, pending: 1, failed: 1, recent: 4 });
    expect(figures.subscriptions).toEqual({
      totalActiveSubscriptions: 2,
      monthly: 1,
      yearly: 1,
      // 19.99 + 199 / 12
      estimatedMonthlyRevenue: 36.57,
      estimatedYearlyRevenue: 439,
      conversionRate: 50,
      avgRevenuePerUser: 9.14,
      monthlyPlansRevenue: 19.99,
      yearlyPlansMonthlyRevenue: 16.58,
    });
    expect(figures.analysis).toEqual({ avgOriginalityScore: 72.5, totalSimilarTracks: 4 });
    expect(figures.fileTypes).toEqual({ MP3: 2, WAV: 2 });
    const changes = figures.revenue.subscriptionChanges;
    // Newest first: the cancellation, then the three sign-ups of the same minute.
    expect(changes[0]).toEqual({ email: 'cy@example.test', date: hoursAgo(3), action: 'cancelled', tier: 'monthly' });
    expect(
      changes
        .slice(1)
        .map((c) => `${c.email} ${c.action} ${c.tier}`)
        .sort(),
    ).toEqual([
      'ann@example.test subscribed monthly',
      'bob@example.test subscribed yearly',
      'cy@example.test subscribed monthly',
    ]);
  });

  it('counts uploads and registrations per hour for the heatmap', async () => {
    const map = await heatmap();
    expect(map.data).toHaveLength(7 * 24);
    const at = (iso: string) => map.data.find((c) => c.timestamp === `${iso.slice(0, 13)}:00:00.000Z`);
    expect(at(hoursAgo(5))).toMatchObject({ uploads: 0, registrations: 4, activityScore: 8 });
    expect(at(hoursAgo(3))).toMatchObject({ uploads: 2, registrations: 0, activityScore: 2 });
    expect(at(hoursAgo(2))).toMatchObject({ uploads: 2, registrations: 0, activityScore: 2 });
    expect(map.summary).toMatchObject({ totalUploads: 4, totalRegistrations: 4, maxActivityScore: 8 });
    expect(map.summary.peakHours.map((p) => p.score)).toEqual([8, 2, 2]);
  });

  it('changes nothing when every event is delivered again, twice', async () => {
    const [before, beforeMap] = [await analytics(), await heatmap()];
    await publish(history, false);
    await publish(history, false);
    await caughtUp();
    expect(await analytics()).toEqual(before);
    expect(await heatmap()).toEqual(beforeMap);
  });

  it('rebuilds identical figures from the stream after a restart with an empty schema', async () => {
    const [before, beforeMap] = [await analytics(), await heatmap()];
    await app.close();
    await sql(`DROP SCHEMA ${ADMIN_ANALYTICS_SCHEMA} CASCADE`);
    await start();
    await caughtUp();
    expect(await analytics()).toEqual(before);
    expect(await heatmap()).toEqual(beforeMap);
  });

  it('answers only callers who may view analytics, and refuses an unknown timeframe', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'answered',
        (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
      );
    expect(await refusal(call(AdminAnalyticsSubjects.analytics, {}, aCaller()))).toBe(ErrorCode.FORBIDDEN);
    expect(await refusal(call(AdminAnalyticsSubjects.analytics, {}, null))).toBe(ErrorCode.UNAUTHENTICATED);
    expect(await refusal(call(AdminAnalyticsSubjects.heatmap, { timeframe: 5 }))).toBe(ErrorCode.VALIDATION);
    expect(await refusal(call(AdminAnalyticsSubjects.heatmap, { timeframe: '7' }))).toBe(ErrorCode.VALIDATION);
  });
});
