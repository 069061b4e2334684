import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import {
  ANALYSIS_STAGES,
  type AnalysisCompletedEvent,
  AnalysisEvents,
  type AnalysisFailedEvent,
  type AnalysisProgress,
  type AnalysisResultView,
  AnalysisSubjects,
  type Caller,
  type DomainEvent,
  ErrorCode,
  ServiceName,
  type UploadCreatedEvent,
  UploadEvents,
  progressSubject,
} from '@originality/contracts';
import { DomainError, ObjectStorage, RpcClient } from '@originality/platform';
import {
  type EventRecorder,
  type TestDatabase,
  type TestNats,
  type TestObjectStore,
  aCaller,
  eventually,
  getTestDatabase,
  getTestNats,
  getTestObjectStore,
  recordEvents,
  startTestService,
} from '@originality/testing';
import { type NatsConnection, connect } from 'nats';
import { encodeWav, generateDemoCatalogue } from '@originality/music-synth';
import { AnalysisModule } from '../src/analysis.module';
import { CatalogueRepository } from '../src/catalogue/catalogue.repository';
import { CatalogueService } from '../src/catalogue/catalogue.service';
import { InProcessAnalyser } from '../src/catalogue/track-analyser';
import { openAnalysisDatabase } from '../src/database';

jest.setTimeout(120_000);

const REPO = resolve(__dirname, '../../..');
/** Short, so a job whose worker died is handed out again quickly. */
const ACK_WAIT_SEC = '3';

describe('analysis jobs: upload events -> durable queue -> worker -> results (Postgres, NATS, s3rver)', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let store: TestObjectStore;
  let storage: ObjectStorage;
  let app: INestApplication | undefined;
  let nc: NatsConnection;
  let events: EventRecorder;
  let dir: string;
  let titles: string[];
  const owner: Caller = aCaller();

  const env = () => ({ ...store.env, ANALYSIS_JOB_ACK_WAIT_SEC: ACK_WAIT_SEC, CATALOGUE_REFRESH_SEC: '3600' });
  const startApp = () =>
    startTestService({
      name: ServiceName.ANALYSIS,
      module: AnalysisModule,
      databaseUrl: db.url,
      natsUrl: nats.url,
      env: env(),
    });

  /** Puts the file into the bucket and announces it as the upload service's outbox would. */
  async function upload(bytes: Buffer | null, filename: string, opts: { uploadId?: string } = {}) {
    const data: UploadCreatedEvent = {
      uploadId: opts.uploadId ?? randomUUID(),
      analysisId: randomUUID(),
      userId: owner.userId,
      userEmail: owner.email,
      objectPath: `uploads/${owner.userId}/${randomUUID()}`,
      originalFilename: filename,
      mimeType: 'audio/wav',
      fileSize: bytes?.length ?? 1,
      createdAt: new Date().toISOString(),
    };
    if (bytes) await storage.put(data.objectPath, bytes, data.mimeType);
    await publishEvent(UploadEvents.created, data);
    return data;
  }

  async function publishEvent(type: string, data: unknown): Promise<void> {
    const event: DomainEvent = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
    await nc.jetstream().publish(type, JSON.stringify(event), { msgID: event.id });
  }

  const outcomes = (analysisId: string) =>
    events.events.filter(
      (e) =>
        (e.type === AnalysisEvents.completed || e.type === AnalysisEvents.failed) &&
        (e.data as { analysisId: string }).analysisId === analysisId,
    );

  const outcomeOf = (analysisId: string) =>
    eventually(() => outcomes(analysisId)[0], { timeoutMs: 60_000, what: `the outcome of ${analysisId}` });

  /** Progress messages of an upload, as the gateway would relay them. */
  function watchProgress(uploadId: string, onMessage?: (p: AnalysisProgress) => void): AnalysisProgress[] {
    const seen: AnalysisProgress[] = [];
    nc.subscribe(progressSubject(uploadId), {
      callback: (_err, msg) => {
        const progress = msg.json<AnalysisProgress>();
        seen.push(progress);
        onMessage?.(progress);
      },
    });
    return seen;
  }

  const resultOf = (uploadId: string, caller: Caller | null = owner) =>
    app!.get(RpcClient).request<unknown, AnalysisResultView>(AnalysisSubjects.getResult, { uploadId }, { caller });

  const failureOf = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(err)}`);
    return err.code;
  };

  const runRows = (analysisId: string) =>
    eventually(async () => {
      const ds = await openAnalysisDatabase(db.url);
      try {
        return (await ds.query(`SELECT status FROM analysis.analysis_runs WHERE analysis_id = $1`, [analysisId])) as {
          status: string;
        }[];
      } finally {
        await ds.destroy();
      }
    });

  beforeAll(async () => {
    [db, nats, store] = await Promise.all([getTestDatabase(), getTestNats(), getTestObjectStore()]);
    storage = ObjectStorage.fromEnv(store.env);
    dir = mkdtempSync(join(tmpdir(), 'analysis-jobs-'));
    const { manifestPath, entries } = await generateDemoCatalogue(dir, { count: 3, seconds: 20, seed: 'jobs-spec' });
    titles = entries.map((e) => e.title);
    const ds = await openAnalysisDatabase(db.url);
    await new CatalogueService(new CatalogueRepository(ds), new InProcessAnalyser()).importManifest(manifestPath);
    await ds.destroy();
    app = await startApp();
    nc = await connect({ servers: nats.url });
    events = await recordEvents(nats.url, 'events.analysis.>');
  });

  afterAll(async () => {
    await events?.stop();
    await nc?.close();
    await app?.close();
    storage?.close();
    await Promise.all([db?.drop(), nats?.stop(), store?.stop()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('analyses an uploaded copy of a catalogue song: result stored, completed event, progress in stage order', async () => {
    const uploadId = randomUUID();
    const progress = watchProgress(uploadId);
    const job = await upload(readFileSync(join(dir, 'demo-002.wav')), 'My Song.final.wav', { uploadId });

    const outcome = (await outcomeOf(job.analysisId)) as DomainEvent<AnalysisCompletedEvent>;
    expect(outcome.type).toBe(AnalysisEvents.completed);
    expect(outcome.data).toMatchObject({ uploadId, userId: owner.userId, matchCount: 1 });
    expect(outcome.data.originalityScore).toBeLessThan(20);
    expect(outcome.data.processingMs).toBeGreaterThan(0);
    expect(
      events.events.some(
        (e) => e.type === AnalysisEvents.started && (e.data as { uploadId: string }).uploadId === uploadId,
      ),
    ).toBe(true);

    const result = await resultOf(uploadId);
    expect(result).toMatchObject({ uploadId, title: 'My Song.final', processingMs: outcome.data.processingMs });
    expect(result.similarTracks[0]).toMatchObject({ title: titles[1] });
    expect(result.similarTracks[0]!.similarity).toBeGreaterThanOrEqual(80);
    expect(result.allMatches[0]!.dimensions.length).toBeGreaterThan(0);
    expect(result.catalogue.size).toBe(3);
    expect(result.engineVersion).toMatch(/^music-analysis\//);

    await eventually(() => progress.at(-1)?.status === 'completed', { what: 'the completed progress message' });
    const stages = progress.map((p) => ANALYSIS_STAGES.indexOf(p.stage));
    expect(stages).toEqual([...stages].sort((a, b) => a - b));
    expect(new Set(stages).size).toBe(ANALYSIS_STAGES.length);
    const percents = progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ status: 'completed', percent: 100, analysisId: job.analysisId });
    expect(progress.slice(0, -1).every((p) => p.status === 'analyzing' && p.percent < 100)).toBe(true);
  });

  it('ten seconds of digital silence completes, stored as silent with nothing matched', async () => {
    const uploadId = randomUUID();
    const job = await upload(encodeWav(new Float32Array(10 * 22_050), 22_050), 'silence.wav', { uploadId });
    const outcome = (await outcomeOf(job.analysisId)) as DomainEvent<AnalysisCompletedEvent>;
    expect(outcome).toMatchObject({ type: AnalysisEvents.completed, data: { uploadId, matchCount: 0 } });
    expect(await resultOf(uploadId)).toMatchObject({ silent: true, allMatches: [] });
  });

  it('a repeated event for the same analysis gives one result and one completed event', async () => {
    const bytes = readFileSync(join(dir, 'demo-001.wav'));
    const job = await upload(bytes, 'twice.wav');
    await publishEvent(UploadEvents.created, job);
    await outcomeOf(job.analysisId);
    await publishEvent(UploadEvents.created, job);
    // The last repeat went through the same queue after the first outcome: once it is consumed, nothing more comes.
    const again = await upload(bytes, 'later.wav');
    await outcomeOf(again.analysisId);
    expect(outcomes(job.analysisId)).toHaveLength(1);
    expect(await runRows(job.analysisId)).toEqual([{ status: 'completed' }]);
  });

  it.each([
    ['a PDF renamed to .wav', 'not an audio file', Buffer.from('%PDF-1.7\n' + 'x'.repeat(4000))],
    [
      'a WAV header over garbage',
      'the audio is corrupt',
      Buffer.concat([Buffer.from('RIFF\x24\x10\x00\x00WAVEfmt '), Buffer.alloc(4000, 0x5a)]),
    ],
  ])('%s fails with the reason "%s", never retried into a result', async (_name, reason, bytes) => {
    const uploadId = randomUUID();
    const progress = watchProgress(uploadId);
    const job = await upload(bytes, 'bad.wav', { uploadId });
    const outcome = (await outcomeOf(job.analysisId)) as DomainEvent<AnalysisFailedEvent>;
    expect(outcome).toMatchObject({ type: AnalysisEvents.failed, data: { uploadId, reason } });
    await eventually(() => progress.at(-1)?.status === 'failed', { what: 'the failed progress message' });
    expect(progress.at(-1)).toMatchObject({ status: 'failed', reason });
    expect(await failureOf(resultOf(uploadId))).toBe(ErrorCode.NOT_FOUND);
  });

  it('an object missing from storage fails with "the analysis service could not read the file"', async () => {
    const job = await upload(null, 'gone.wav');
    const outcome = (await outcomeOf(job.analysisId)) as DomainEvent<AnalysisFailedEvent>;
    expect(outcome).toMatchObject({
      type: AnalysisEvents.failed,
      data: { reason: 'the analysis service could not read the file' },
    });
  });

  it('shows results to the owner only, and refuses a malformed id', async () => {
    const job = await upload(readFileSync(join(dir, 'demo-003.wav')), 'mine.wav');
    await outcomeOf(job.analysisId);
    await expect(resultOf(job.uploadId)).resolves.toMatchObject({ uploadId: job.uploadId });
    expect(await failureOf(resultOf(job.uploadId, aCaller()))).toBe(ErrorCode.FORBIDDEN);
    expect(await failureOf(resultOf(job.uploadId, null))).toBe(ErrorCode.UNAUTHENTICATED);
    expect(await failureOf(resultOf(randomUUID()))).toBe(ErrorCode.NOT_FOUND);
    expect(await failureOf(resultOf('../etc/passwd'))).toBe(ErrorCode.VALIDATION);
  });

  it('upload.deleted removes the results', async () => {
    const job = await upload(readFileSync(join(dir, 'demo-001.wav')), 'short-lived.wav');
    await outcomeOf(job.analysisId);
    await publishEvent(UploadEvents.deleted, {
      uploadId: job.uploadId,
      userId: owner.userId,
      objectPath: job.objectPath,
      deletedBy: owner.userId,
    });
    await eventually(async () => (await failureOf(resultOf(job.uploadId))) === ErrorCode.NOT_FOUND, {
      what: 'the results to be gone',
    });
  });

  it('a worker killed mid-analysis: the job is redelivered and completed once by another worker', async () => {
    await app!.close();
    app = undefined;
    const worker = spawnWorker();
    try {
      await eventually(() => worker.ready, { timeoutMs: 60_000, what: 'the worker process to start' });
      const uploadId = randomUUID();
      // Kill the worker as soon as it reports feature extraction: the job is then half done.
      let killedAt: AnalysisProgress | undefined;
      watchProgress(uploadId, (p) => {
        if (!killedAt && p.stage !== 'initializing') {
          killedAt = p;
          worker.process.kill('SIGKILL');
        }
      });
      const long = await generateDemoCatalogue(join(dir, 'long'), { count: 1, seconds: 90, seed: 'jobs-spec-long' });
      const job = await upload(readFileSync(join(dir, 'long', long.entries[0]!.file)), 'long.wav', { uploadId });
      await eventually(() => killedAt, { timeoutMs: 60_000, what: 'the worker to start analysing' });
      await eventually(() => worker.process.exitCode !== null || worker.process.signalCode !== null);
      expect(outcomes(job.analysisId)).toHaveLength(0);

      app = await startApp();
      const outcome = await outcomeOf(job.analysisId);
      expect(outcome.type).toBe(AnalysisEvents.completed);
      await expect(resultOf(uploadId)).resolves.toMatchObject({ uploadId });
      // Nothing more arrives for it: a second job run would end in a second outcome event.
      const later = await upload(readFileSync(join(dir, 'demo-001.wav')), 'after.wav');
      await outcomeOf(later.analysisId);
      expect(outcomes(job.analysisId)).toHaveLength(1);
      expect(await runRows(job.analysisId)).toEqual([{ status: 'completed' }]);
    } finally {
      if (worker.process.exitCode === null && worker.process.signalCode === null) worker.process.kill('SIGKILL');
    }
  });

  /** The analysis service as its own process (as `npm start` runs it), so it can be killed outright. */
  function spawnWorker(): { process: ChildProcess; ready: boolean } {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(REPO, 'services/analysis/src/main.ts')], {
      cwd: REPO,
      env: { ...process.env, ...env(), DATABASE_URL: db.url, NATS_URL: nats.url, HTTP_PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const handle = { process: child, ready: false };
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('catalogue index built')) handle.ready = true;
    });
    child.stderr!.resume();
    return handle;
  }
});
