import type { INestApplication } from '@nestjs/common';
import {
  type AnalysisCompletedEvent,
  AnalysisEvents,
  type AnalysisFailedEvent,
  type AnalysisStartedEvent,
  BillingSubjects,
  type Caller,
  type DomainEvent,
  ErrorCode,
  ServiceName,
  type UploadCreatedEvent,
  type UploadDeletedEvent,
  UploadEvents,
  type UploadPage,
  UploadSubjects,
  type UploadTotals,
  type UploadUrlReply,
  type UploadView,
  type Usage,
} from '@originality/contracts';
import { DomainError, IdempotentConsumer, JetStreamProvider, ObjectStorage, RpcClient } from '@originality/platform';
import {
  type EventRecorder,
  type TestDatabase,
  type TestNats,
  type TestObjectStore,
  aCaller,
  aSuperAdminCaller,
  anAdminCaller,
  eventually,
  getTestDatabase,
  getTestNats,
  getTestObjectStore,
  recordEvents,
  startTestService,
} from '@originality/testing';
import { JSONCodec, type NatsConnection, connect } from 'nats';
import { DataSource } from 'typeorm';
import { monthOf } from '../src/quota/monthly-quota';
import { ANALYSIS_STATUS_CONSUMER, AnalysisStatusConsumer } from '../src/uploads/analysis-status.consumer';
import { newObjectPath } from '../src/uploads/object-path';
import { UploadModule } from '../src/upload.module';

/** A minimal MP3: an ID3 header and some frame bytes. */
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(2000, 0x55)]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n');
const PRO_USER = `pro-${Date.now()}`;

describe('upload service (real Postgres, NATS and S3-compatible store)', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let store: TestObjectStore;
  let app: INestApplication;
  let rpc: RpcClient;
  let storage: ObjectStorage;
  let events: EventRecorder;
  let billing: NatsConnection;
  let storeStopped = false;

  const call = <T>(subject: string, data: unknown, caller: Caller | null) =>
    rpc.request<unknown, T>(subject, data, { caller });
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(err)}`);
    return { code: err.code, message: err.message };
  };

  /** What the browser does: ask for a URL, PUT the bytes to the store. */
  const put = async (caller: Caller, body: Buffer, contentType = 'audio/mpeg') => {
    const { uploadURL, objectPath } = await call<UploadUrlReply>(
      UploadSubjects.requestUploadUrl,
      { mimeType: contentType },
      caller,
    );
    const res = await fetch(uploadURL, { method: 'PUT', body, headers: { 'Content-Type': contentType } });
    expect(res.status).toBe(200);
    return objectPath;
  };
  const createRequest = (objectPath: string, name = 'My Song.mp3', mimeType = 'audio/mpeg') => ({
    filename: name,
    originalFilename: name,
    fileSize: 123,
    mimeType,
    objectPath,
    duration: null,
  });
  const upload = async (caller: Caller, name = 'My Song.mp3') =>
    call<UploadView>(UploadSubjects.create, createRequest(await put(caller, MP3), name), caller);
  const setUsage = (userId: string, analyses: number) =>
    app.get(DataSource).query(
      `INSERT INTO upload.monthly_usage (user_id, month, analyses) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, month) DO UPDATE SET analyses = $3`,
      [userId, monthOf(new Date()), analyses],
    );
  const publishAnalysis = (type: string, data: object) => {
    const event: DomainEvent = { id: crypto.randomUUID(), type, occurredAt: new Date().toISOString(), data };
    return app.get(JetStreamProvider).publish(type, event, { msgId: event.id });
  };
  const statusOf = (caller: Caller, id: string) => call<UploadView>(UploadSubjects.get, { id }, caller);

  beforeAll(async () => {
    [db, nats, store] = await Promise.all([getTestDatabase(), getTestNats(), getTestObjectStore()]);
    // Billing's stand-in: answers one Pro user's entitlement; everyone else gets no answer in time.
    billing = await connect({ servers: nats.url });
    const codec = JSONCodec<{ data: { data: { userId: string } } }>();
    billing.subscribe(BillingSubjects.entitlement, {
      callback: (_, msg) => {
        const { data } = codec.decode(msg.data);
        if (data.data.userId === PRO_USER)
          msg.respond(JSONCodec().encode({ response: { monthlyAnalyses: 999_999 }, isDisposed: true }));
      },
    });
    app = await startTestService({
      name: ServiceName.UPLOAD,
      module: UploadModule,
      databaseUrl: db.url,
      natsUrl: nats.url,
      env: { ...store.env, ENTITLEMENT_TIMEOUT_MS: '200' },
    });
    rpc = app.get(RpcClient);
    storage = app.get(ObjectStorage);
    events = await recordEvents(nats.url, 'events.upload.>');
  });

  afterAll(async () => {
    await events?.stop();
    await app?.close();
    await billing?.close();
    await Promise.all([db?.drop(), nats?.stop(), storeStopped ? undefined : store?.stop()]);
  });

  it('is ready only with the object store: readiness reports it', async () => {
    const res = await fetch(`${(await app.getUrl()).replace('[::1]', 'localhost')}/health/ready`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toMatch(/"objectStorage":\{"status":"up"\}/);
  });

  it('presigns a PUT, then registers the stored song as pending and announces upload.created', async () => {
    const ann = aCaller();
    const objectPath = await put(ann, MP3);
    expect(objectPath).toMatch(/^uploads\/[A-Za-z0-9_-]+\/[0-9a-f-]{36}$/);

    const created = await call<UploadView>(
      UploadSubjects.create,
      { ...createRequest(objectPath, '../My <Song>.mp3'), fileSize: 1 },
      ann,
    );
    expect(created).toMatchObject({
      filename: 'My _Song_.mp3',
      originalFilename: 'My _Song_.mp3',
      fileSize: MP3.length, // measured by the store, not the browser's claim
      mimeType: 'audio/mpeg',
      objectPath,
      analysisStatus: 'pending',
      originalityScore: null,
    });
    const announced = await events.waitFor<UploadCreatedEvent>(
      (e) => e.type === UploadEvents.created && e.data.uploadId === created.id,
    );
    expect(announced.data).toMatchObject({
      userId: ann.userId,
      userEmail: ann.email,
      objectPath,
      mimeType: 'audio/mpeg',
      fileSize: MP3.length,
    });
    expect(announced.data.analysisId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(call<Usage>(UploadSubjects.usage, {}, ann)).resolves.toEqual({ current: 1, max: 10 });

    // The same object twice is one upload.
    expect(await failure(call(UploadSubjects.create, createRequest(objectPath), ann))).toEqual({
      code: ErrorCode.CONFLICT,
      message: 'This file has already been added to your uploads.',
    });
  });

  it('refuses what is not audio by its bytes, a wrong type, an empty and an oversized file, and deletes them', async () => {
    const ann = aCaller();
    const cases: { body: Buffer; name: string; mime: string; message: string }[] = [
      {
        body: PDF,
        name: 'spoofed.mp3',
        mime: 'audio/mpeg',
        message: 'Invalid File Type — Please upload audio files only (MP3, MP4, WAV). "spoofed.mp3" is not supported.',
      },
      {
        body: PDF,
        name: 'renamed.pdf.wav',
        mime: 'audio/wav',
        message:
          'Invalid File Type — Please upload audio files only (MP3, MP4, WAV). "renamed.pdf.wav" is not supported.',
      },
      {
        body: MP3,
        name: 'notes.txt',
        mime: 'text/plain',
        message: 'Invalid File Type — Please upload audio files only (MP3, MP4, WAV). "notes.txt" is not supported.',
      },
      {
        body: Buffer.alloc(0),
        name: 'empty.mp3',
        mime: 'audio/mpeg',
        message: 'Empty File — "empty.mp3" is empty. Please choose an audio file.',
      },
    ];
    for (const c of cases) {
      const objectPath = newObjectPath(ann.userId);
      await storage.put(objectPath, c.body, c.mime);
      expect(await failure(call(UploadSubjects.create, createRequest(objectPath, c.name, c.mime), ann))).toEqual({
        code: ErrorCode.VALIDATION,
        message: c.message,
      });
      await expect(storage.head(objectPath)).resolves.toBeNull();
    }

    // 60 MB, stored directly: the size comes from HeadObject, only 12 bytes are read.
    const big = newObjectPath(ann.userId);
    const sixtyMb = Buffer.alloc(60 * 1024 * 1024, 0x55);
    MP3.copy(sixtyMb);
    await storage.put(big, sixtyMb, 'audio/mpeg');
    expect(await failure(call(UploadSubjects.create, createRequest(big, 'huge.mp3'), ann))).toEqual({
      code: ErrorCode.VALIDATION,
      message: 'File Too Large — "huge.mp3" is too large. Maximum size is 50MB.',
    });
    await expect(storage.head(big)).resolves.toBeNull();

    // Never uploaded.
    expect(await failure(call(UploadSubjects.create, createRequest(newObjectPath(ann.userId)), ann))).toEqual({
      code: ErrorCode.VALIDATION,
      message: 'The file was not found in storage. Please upload it again.',
    });
    // Hints at presign time are checked too.
    expect(await failure(call(UploadSubjects.requestUploadUrl, { mimeType: 'application/pdf' }, ann))).toMatchObject({
      code: ErrorCode.VALIDATION,
    });
    expect(
      await failure(call(UploadSubjects.requestUploadUrl, { fileSize: 52_428_801, mimeType: 'audio/mpeg' }, ann)),
    ).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.stringMatching(/^File Too Large/) });
    await expect(call<Usage>(UploadSubjects.usage, {}, ann)).resolves.toEqual({ current: 0, max: 10 });
  });

  it("refuses another user's object and leaves it in place; refuses a malformed request", async () => {
    const [ann, bob] = [aCaller(), aCaller()];
    const annsObject = await put(ann, MP3);
    expect(await failure(call(UploadSubjects.create, createRequest(annsObject), bob))).toEqual({
      code: ErrorCode.FORBIDDEN,
      message: 'This file was not uploaded by you.',
    });
    await expect(storage.head(annsObject)).resolves.toMatchObject({ size: MP3.length });
    expect(await failure(call(UploadSubjects.create, createRequest(`uploads/x/../${annsObject}`), bob))).toMatchObject({
      code: ErrorCode.FORBIDDEN,
    });

    expect(await failure(call(UploadSubjects.create, { objectPath: annsObject }, ann))).toMatchObject({
      code: ErrorCode.VALIDATION,
    });
    expect(
      await failure(call(UploadSubjects.create, { ...createRequest(annsObject), fileSize: 'big' }, ann)),
    ).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: expect.stringMatching(/fileSize/),
    });
    expect(await failure(call(UploadSubjects.create, createRequest(annsObject), null))).toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
    });
  });

  it('accepts exactly one of 20 concurrent creates at 9 of 10, and deletes the refused files', async () => {
    const ann = aCaller();
    await setUsage(ann.userId, 9);
    const paths = await Promise.all(Array.from({ length: 20 }, () => put(ann, MP3)));
    const outcomes = await Promise.allSettled(
      paths.map((p, i) => call<UploadView>(UploadSubjects.create, createRequest(p, `take ${i}.mp3`), ann)),
    );
    const accepted = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect(r.reason).toMatchObject({ code: ErrorCode.LIMIT_EXCEEDED, message: 'Upload limit exceeded' });
    await expect(call<Usage>(UploadSubjects.usage, {}, ann)).resolves.toEqual({ current: 10, max: 10 });

    const kept = (accepted[0] as PromiseFulfilledResult<UploadView>).value.objectPath;
    const heads = await Promise.all(paths.map((p) => storage.head(p)));
    expect(heads.filter(Boolean)).toHaveLength(1);
    await expect(storage.head(kept)).resolves.not.toBeNull();

    // At the limit no new upload URL is handed out either.
    expect(await failure(call(UploadSubjects.requestUploadUrl, {}, ann))).toEqual({
      code: ErrorCode.LIMIT_EXCEEDED,
      message: 'Upload limit exceeded',
    });
  });

  it("uses billing's entitlement when it answers (Pro: unlimited)", async () => {
    const pro = aCaller({ userId: PRO_USER });
    await setUsage(pro.userId, 50);
    await expect(call<Usage>(UploadSubjects.usage, {}, pro)).resolves.toEqual({ current: 50, max: 999_999 });
    await expect(upload(pro)).resolves.toMatchObject({ analysisStatus: 'pending' });
  });

  it('pages the history newest first with a cursor, and totals the uploads for the profile', async () => {
    const ann = aCaller();
    const made: UploadView[] = [];
    for (let i = 0; i < 5; i++) made.push(await upload(ann, `song ${i}.mp3`));
    const newestFirst = made.map((u) => u.id).reverse();

    const first = await call<UploadPage>(UploadSubjects.list, { limit: 2 }, ann);
    expect(first.total).toBe(5);
    expect(first.uploads.map((u) => u.id)).toEqual(newestFirst.slice(0, 2));
    const second = await call<UploadPage>(UploadSubjects.list, { limit: 2, cursor: first.nextCursor }, ann);
    expect(second.uploads.map((u) => u.id)).toEqual(newestFirst.slice(2, 4));
    const third = await call<UploadPage>(UploadSubjects.list, { limit: 2, cursor: second.nextCursor }, ann);
    expect(third.uploads.map((u) => u.id)).toEqual(newestFirst.slice(4));
    expect(third.nextCursor).toBeNull();

    expect((await call<UploadPage>(UploadSubjects.list, {}, aCaller())).uploads).toEqual([]);
    expect(await failure(call(UploadSubjects.list, { cursor: 'garbage' }, ann))).toEqual({
      code: ErrorCode.VALIDATION,
      message: 'The history cursor is not valid. Reload the history.',
    });
    expect((await failure(call(UploadSubjects.list, { limit: 500 }, ann))).code).toBe(ErrorCode.VALIDATION);

    await expect(call<UploadTotals>(UploadSubjects.totals, {}, ann)).resolves.toEqual({
      totalUploadsCount: 5,
      uploadedSongTitles: ['song 4.mp3', 'song 3.mp3', 'song 2.mp3', 'song 1.mp3', 'song 0.mp3'],
    });
    // Another user's upload is not found.
    expect(await failure(statusOf(aCaller(), made[0].id))).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: 'Upload not found.',
    });
  });

  it('follows the analysis events once each, ignores an older run, and reanalyzes only completed uploads', async () => {
    const ann = aCaller();
    const song = await upload(ann);
    const created = await events.waitFor<UploadCreatedEvent>(
      (e) => e.type === UploadEvents.created && e.data.uploadId === song.id,
    );
    const run = { uploadId: song.id, analysisId: created.data.analysisId, userId: ann.userId };

    expect(await failure(call(UploadSubjects.reanalyze, { id: song.id }, ann))).toEqual({
      code: ErrorCode.CONFLICT,
      message: 'Only a completed analysis can be reanalyzed.',
    });

    await publishAnalysis(AnalysisEvents.started, {
      ...run,
      startedAt: new Date().toISOString(),
    } satisfies AnalysisStartedEvent);
    await eventually(async () => (await statusOf(ann, song.id)).analysisStatus === 'analyzing');
    const completed: AnalysisCompletedEvent = {
      ...run,
      originalityScore: 87,
      matchCount: 1,
      similarTracksFound: 3,
      durationSec: 180,
      processingMs: 900,
      completedAt: new Date().toISOString(),
    };
    await publishAnalysis(AnalysisEvents.completed, completed);
    await eventually(async () => (await statusOf(ann, song.id)).analysisStatus === 'completed');
    expect(await statusOf(ann, song.id)).toMatchObject({ originalityScore: 87, matchCount: 1, failureReason: null });

    // A late 'started' of the same run does not move it back.
    await publishAnalysis(AnalysisEvents.started, { ...run, startedAt: new Date().toISOString() });

    const again = await call<UploadView>(UploadSubjects.reanalyze, { id: song.id }, ann);
    expect(again).toMatchObject({ analysisStatus: 'pending', originalityScore: null, matchCount: null });
    const rerun = await events.waitFor<UploadCreatedEvent>(
      (e) => e.type === UploadEvents.reanalysisRequested && e.data.uploadId === song.id,
    );
    expect(rerun.data.analysisId).not.toBe(run.analysisId);
    // Not counted against the quota.
    await expect(call<Usage>(UploadSubjects.usage, {}, ann)).resolves.toEqual({ current: 1, max: 10 });
    expect(await failure(call(UploadSubjects.reanalyze, { id: song.id }, aCaller()))).toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });

    // The old run's failure arrives late: ignored. The new run's failure counts, with its reason.
    const stale: AnalysisFailedEvent = { ...run, reason: 'the audio is corrupt', failedAt: new Date().toISOString() };
    await publishAnalysis(AnalysisEvents.failed, stale);
    await publishAnalysis(AnalysisEvents.failed, {
      ...stale,
      analysisId: rerun.data.analysisId,
      reason: 'not an audio file',
    });
    await eventually(async () => (await statusOf(ann, song.id)).analysisStatus === 'failed');
    expect(await statusOf(ann, song.id)).toMatchObject({ failureReason: 'not an audio file' });
  });

  it('applies one event once even when it is delivered twice', async () => {
    const ann = aCaller();
    const song = await upload(ann);
    const current = await app.get(DataSource).query(`SELECT analysis_id FROM upload.upload WHERE id = $1`, [song.id]);
    const event: DomainEvent<AnalysisCompletedEvent> = {
      id: crypto.randomUUID(),
      type: AnalysisEvents.completed,
      occurredAt: new Date().toISOString(),
      data: {
        uploadId: song.id,
        analysisId: current[0].analysis_id,
        userId: ann.userId,
        originalityScore: 40,
        matchCount: 0,
        similarTracksFound: 0,
        durationSec: 30,
        processingMs: 500,
        completedAt: new Date().toISOString(),
      },
    };
    const consumer = app.get(IdempotentConsumer);
    const spec = {
      name: ANALYSIS_STATUS_CONSUMER,
      handle: app.get(AnalysisStatusConsumer).apply.bind(app.get(AnalysisStatusConsumer)),
    };
    await expect(consumer.applyOnce(spec, event)).resolves.toBe(true);
    await expect(consumer.applyOnce(spec, event)).resolves.toBe(false);
    expect(await statusOf(ann, song.id)).toMatchObject({ analysisStatus: 'completed', originalityScore: 40 });
  });

  it('deletes an upload: the record, the object and an upload.deleted event; owners only', async () => {
    const [ann, bob] = [aCaller(), aCaller()];
    const song = await upload(ann);
    expect(await failure(call(UploadSubjects.remove, { id: song.id }, bob))).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: 'Upload not found.',
    });
    await expect(call(UploadSubjects.remove, { id: song.id }, ann)).resolves.toEqual({ deleted: true });
    expect((await failure(statusOf(ann, song.id))).code).toBe(ErrorCode.NOT_FOUND);
    await expect(storage.head(song.objectPath)).resolves.toBeNull();
    const deleted = await events.waitFor<UploadDeletedEvent>(
      (e) => e.type === UploadEvents.deleted && e.data.uploadId === song.id,
    );
    expect(deleted.data).toEqual({
      uploadId: song.id,
      userId: ann.userId,
      objectPath: song.objectPath,
      deletedBy: ann.userId,
    });
    // The analysis it used stays counted.
    await expect(call<Usage>(UploadSubjects.usage, {}, ann)).resolves.toEqual({ current: 1, max: 10 });
    expect((await failure(call(UploadSubjects.remove, { id: 'not-a-uuid' }, ann))).code).toBe(ErrorCode.VALIDATION);
  });

  it('lists the recent uploads of everyone with their e-mails for admins, and lets the super admin delete any', async () => {
    const [ann, bob] = [aCaller(), aCaller()];
    const [annSong, bobSong] = [await upload(ann, 'Ann Song.mp3'), await upload(bob, 'Bob Song.mp3')];
    const recent = await call<UploadView[]>(UploadSubjects.recent, {}, anAdminCaller());
    const byId = new Map(recent.map((u) => [u.id, u]));
    expect(byId.get(annSong.id)?.userEmail).toBe(ann.email);
    expect(byId.get(bobSong.id)?.userEmail).toBe(bob.email);
    expect(recent.findIndex((u) => u.id === bobSong.id)).toBeLessThan(recent.findIndex((u) => u.id === annSong.id));
    expect((await failure(call(UploadSubjects.recent, {}, ann))).code).toBe(ErrorCode.FORBIDDEN);

    const boss = aSuperAdminCaller('boss');
    await expect(call(UploadSubjects.remove, { id: annSong.id }, boss)).resolves.toEqual({ deleted: true });
    expect((await failure(statusOf(ann, annSong.id))).code).toBe(ErrorCode.NOT_FOUND);
    await expect(storage.head(annSong.objectPath)).resolves.toBeNull();
    await events.waitFor<UploadDeletedEvent>((e) => e.type === UploadEvents.deleted && e.data.uploadId === annSong.id);
  });

  // Last: it stops the store.
  it('answers UNAVAILABLE and counts nothing when the file store does not answer', async () => {
    const ann = aCaller();
    const objectPath = await put(ann, MP3);
    await store.stop();
    storeStopped = true;
    expect(await failure(call(UploadSubjects.create, createRequest(objectPath), ann))).toEqual({
      code: ErrorCode.UNAVAILABLE,
      message: 'File storage is not answering. Please try again shortly.',
    });
    await expect(call<Usage>(UploadSubjects.usage, {}, ann)).resolves.toEqual({ current: 0, max: 10 });
  });
});
