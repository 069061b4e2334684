import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AnalysisProgress,
  AnalysisEvents,
  type DomainEvent,
  EVENTS_STREAM,
  type UploadView,
  progressSubject,
} from '@originality/contracts';
import { generateDemoCatalogue } from '@originality/music-synth';
import { type RestartableServer, eventually, restartableNats } from '@originality/testing';
import { connect } from 'nats';
import { Client } from 'pg';
import type { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';
import { importCatalogue, uploadSong } from './support/songs';

// Renders a catalogue and a three-minute song, starts five processes and restarts NATS: slow on a loaded machine.
jest.setTimeout(600_000);

/** The waits only bound a test that would otherwise hang. */
const PATIENCE = { timeoutMs: 240_000, intervalMs: 250 };

/**
 * Issue #8: "NATS restarted during a job: nothing lost". The upload and analysis services run as
 * their own processes against a NATS server of this suite's own; while the worker is analysing an
 * upload, NATS is stopped and started again on the same port with the same JetStream store. The
 * upload must end completed, once: one analysis run, one completed event, applied once by the
 * upload service.
 */
describe('NATS restarted while an upload is being analysed (upload and analysis services, Postgres, S3)', () => {
  let nats: RestartableServer;
  let stack: GatewayStack;
  let ann: TestBrowser;
  let dir: string;
  let songFile: string;

  beforeAll(async () => {
    // Rendering blocks the event loop, so it happens before anything else starts.
    dir = mkdtempSync(join(tmpdir(), 'nats-restart-'));
    const catalogue = await generateDemoCatalogue(join(dir, 'catalogue'), { count: 3, seconds: 20, seed: 'restart' });
    const song = await generateDemoCatalogue(join(dir, 'song'), { count: 1, seconds: 180, seed: 'restart-song' });
    songFile = join(dir, 'song', song.entries[0]!.file);
    nats = await restartableNats();
    stack = await startGatewayStack({
      natsUrl: nats.url,
      services: ['upload', 'analysis'],
      objectStore: true,
      serviceEnv: { upload: { ENTITLEMENT_TIMEOUT_MS: '100' }, analysis: { CATALOGUE_REFRESH_SEC: '3600' } },
      prepare: (databaseUrl) => importCatalogue(databaseUrl, catalogue.manifestPath),
    });
    ann = await stack.signIn('ann@example.test', 'Ann Artist');
  });

  afterAll(async () => {
    await stack?.stop();
    await nats?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('completes the upload exactly once: one run, one completed event, applied once', async () => {
    // The worker is frozen by the first progress it reports, so the job is still in its hands through the outage
    // however fast the analysis is (≈ 0.4 s for this song: waiting for a later stage, then freezing, let it finish
    // first in one CI run); it goes on once NATS is back.
    const worker = stack.services.analysis!.pid!;
    const freeze = await freezeWhenAnalysing(worker);
    const song = await uploadSong(ann, readFileSync(songFile), 'Three Minutes.wav');
    try {
      expect(await freeze.frozenFor()).toBe(song.id);
      await nats.stop();
      // The job really was in the worker's hands when NATS went away.
      expect(await runStatuses(song.id)).toEqual(['analyzing']);
      await nats.start();
    } finally {
      process.kill(worker, 'SIGCONT');
    }

    const upload = await eventually(
      async () => {
        const res = await ann.json('GET', `/api/audio/uploads/${song.id}`);
        const view = res.status === 200 ? ((await res.json()) as UploadView) : undefined;
        return view?.analysisStatus === 'completed' || view?.analysisStatus === 'failed' ? view : undefined;
      },
      { ...PATIENCE, what: 'the upload to finish after the restart' },
    );
    expect(upload.analysisStatus).toBe('completed');
    expect(await runStatuses(song.id)).toEqual(['completed']);

    // One completed event written, one in the stream, and the upload service applied that one.
    const written = await sql<{ id: string; type: string }>(
      `SELECT id, type FROM analysis.outbox_event WHERE data->>'uploadId' = $1 AND type <> $2`,
      [song.id, AnalysisEvents.started],
    );
    expect(written.map((e) => e.type)).toEqual([AnalysisEvents.completed]);
    const streamed = await eventually(
      async () => {
        const events = (await analysisEventsInStream()).filter(
          (e) => (e.data as { uploadId?: string }).uploadId === song.id && e.type !== AnalysisEvents.started,
        );
        return events.length > 0 && events;
      },
      { ...PATIENCE, what: 'the completed event in the stream' },
    );
    expect(streamed.map((e) => [e.type, e.id])).toEqual([[AnalysisEvents.completed, written[0]!.id]]);
    const applied = await sql<{ consumer: string }>(`SELECT consumer FROM upload.processed_event WHERE event_id = $1`, [
      written[0]!.id,
    ]);
    expect(applied).toHaveLength(1);
  });

  /**
   * Stops (SIGSTOP) the worker process `pid` in the callback of its first 'analyzing' progress message — the run is
   * stored as analysing before the worker reports any progress. Subscribed before the upload is made, so no message
   * is missed; frozenFor resolves to the upload it was analysing.
   */
  async function freezeWhenAnalysing(pid: number): Promise<{ frozenFor: () => Promise<string> }> {
    const nc = await connect({ servers: nats.url });
    let frozenFor: string | undefined;
    nc.subscribe(progressSubject('*'), {
      callback: (_err, msg) => {
        const progress = msg.json<AnalysisProgress>();
        if (frozenFor || progress.status !== 'analyzing') return;
        process.kill(pid, 'SIGSTOP');
        frozenFor = progress.uploadId;
      },
    });
    await nc.flush();
    return {
      frozenFor: async () => {
        try {
          return await eventually(() => frozenFor, { ...PATIENCE, what: 'the worker to be analysing the upload' });
        } finally {
          await nc.close();
        }
      },
    };
  }

  const runStatuses = async (uploadId: string) =>
    (await sql<{ status: string }>(`SELECT status FROM analysis.analysis_runs WHERE upload_id = $1`, [uploadId])).map(
      (r) => r.status,
    );

  async function sql<T>(text: string, values: unknown[]): Promise<T[]> {
    const db = new Client({ connectionString: stack.db.url });
    await db.connect();
    try {
      return (await db.query(text, values)).rows as T[];
    } finally {
      await db.end();
    }
  }

  /** Every analysis event in the stream, from the first, as a fresh consumer receives them. */
  async function analysisEventsInStream(): Promise<DomainEvent[]> {
    const nc = await connect({ servers: nats.url });
    try {
      const consumer = await nc.jetstream().consumers.get(EVENTS_STREAM, { filterSubjects: 'events.analysis.>' });
      const events: DomainEvent[] = [];
      let pending = (await consumer.info()).num_pending;
      while (pending > 0) {
        const msg = await consumer.next({ expires: 5000 });
        if (!msg) break;
        events.push(msg.json<DomainEvent>());
        pending = msg.info.pending;
      }
      return events;
    } finally {
      await nc.close();
    }
  }
});
