import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANALYSIS_STAGES,
  type AnalysisProgress,
  type AnalysisResultView,
  type EngineInfo,
  type HttpErrorBody,
  type UploadView,
} from '@originality/contracts';
import { eventually } from '@originality/testing';
import { generateDemoCatalogue } from '@originality/music-synth';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';
import { importCatalogue, uploadSong } from './support/songs';
import type { TestBrowser } from './support/browser';

// Renders and imports a catalogue and starts five processes: slow on a loaded two-core machine.
jest.setTimeout(300_000);

/** One Server-Sent Event as the browser's EventSource would see it. */
interface ServerSentEvent {
  event: string;
  data: string;
}

/** Reads a `text/event-stream` body to its end, event by event (comments are heartbeats, skipped). */
async function readEvents(res: Response): Promise<ServerSentEvent[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim() && !block.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n');
      return {
        event: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message',
        data: lines.find((l) => l.startsWith('data: '))?.slice(6) ?? '',
      };
    });
}

describe('gateway analysis: the core loop through HTTP (sign-in, upload, analysis services, Postgres, NATS, S3)', () => {
  let stack: GatewayStack;
  let ann: TestBrowser;
  let bob: TestBrowser;
  let dir: string;
  let catalogueTitles: string[];

  /** Three demo songs, rendered here (this blocks the event loop: nothing else may be starting meanwhile). */
  async function renderCatalogue(): Promise<string> {
    dir = mkdtempSync(join(tmpdir(), 'gateway-analysis-'));
    const demo = await generateDemoCatalogue(dir, { count: 3, seconds: 20, seed: 'gateway-analysis' });
    catalogueTitles = demo.entries.map((e) => e.title);
    return demo.manifestPath;
  }

  beforeAll(async () => {
    const manifestPath = await renderCatalogue();
    stack = await startGatewayStack({
      services: ['upload', 'analysis'],
      objectStore: true,
      serviceEnv: { upload: { ENTITLEMENT_TIMEOUT_MS: '100' }, analysis: { CATALOGUE_REFRESH_SEC: '3600' } },
      prepare: (databaseUrl) => importCatalogue(databaseUrl, manifestPath),
    });
    ann = await stack.signIn('ann@example.test', 'Ann Artist');
    bob = await stack.signIn('bob@example.test', 'Bob Builder');
  });

  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('streams the progress of an upload to its owner, ending with completed; then serves the result', async () => {
    const song = await uploadSong(ann, readFileSync(join(dir, 'demo-003.wav')), 'Copied Song.wav');
    const stream = await ann.request(`/api/audio/uploads/${song.id}/events`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(stream);

    expect(events.every((e) => e.event === 'progress')).toBe(true);
    const progress = events.map((e) => JSON.parse(e.data) as AnalysisProgress);
    expect(progress.at(-1)).toMatchObject({ uploadId: song.id, status: 'completed', percent: 100 });
    const stages = progress.map((p) => ANALYSIS_STAGES.indexOf(p.stage));
    expect(stages).toEqual([...stages].sort((a, b) => a - b));

    const result = (await (await ann.json('GET', `/api/audio/uploads/${song.id}/result`)).json()) as AnalysisResultView;
    expect(result).toMatchObject({ uploadId: song.id, title: 'Copied Song' });
    expect(result.similarTracks[0]).toMatchObject({ title: catalogueTitles[2] });
    expect(result.similarTracks[0]!.similarity).toBeGreaterThanOrEqual(80);
    expect(result.processingMs).toBeGreaterThan(0);
    expect(result.catalogue.size).toBe(3);

    // The upload service followed the analysis events.
    await eventually(async () => {
      const upload = (await (await ann.json('GET', `/api/audio/uploads/${song.id}`)).json()) as UploadView;
      return upload.analysisStatus === 'completed' && upload.originalityScore === result.originalityScore;
    });
    // An analysis that has ended has nothing more to stream.
    expect((await ann.request(`/api/audio/uploads/${song.id}/events`)).status).toBe(204);
  });

  it('tells a signed-in user the engine version and the catalogue size; refuses a signed-out one', async () => {
    const res = await ann.json('GET', '/api/engine');
    expect(res.status).toBe(200);
    const info = (await res.json()) as EngineInfo;
    expect(info).toEqual({
      engineVersion: expect.stringMatching(/^music-analysis\/\d+\.\d+\.\d+$/),
      catalogue: { size: 3, version: expect.any(String) },
    });
    // The same engine and catalogue the results name.
    const song = await uploadSong(bob, readFileSync(join(dir, 'demo-002.wav')), 'Engine Check.wav');
    const result = await eventually(
      async () => {
        const reply = await bob.json('GET', `/api/audio/uploads/${song.id}/result`);
        return reply.status === 200 ? ((await reply.json()) as AnalysisResultView) : undefined;
      },
      { timeoutMs: 120_000, what: 'the analysis result' },
    );
    expect(info).toEqual({
      engineVersion: result.engineVersion,
      catalogue: { size: result.catalogue.size, version: result.catalogue.version },
    });

    const anonymous = await stack.browser().json('GET', '/api/engine');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Unauthorized', code: 'UNAUTHENTICATED' });
  });

  it("refuses another user's upload, a malformed id and a result that does not exist yet, as JSON", async () => {
    const song = await uploadSong(ann, readFileSync(join(dir, 'demo-001.wav')), 'Mine.wav');
    for (const path of [`/api/audio/uploads/${song.id}/events`, `/api/audio/uploads/${song.id}/result`]) {
      const res = await bob.request(path);
      expect([403, 404]).toContain(res.status);
      expect(((await res.json()) as HttpErrorBody).error).toEqual(expect.any(String));
    }
    for (const path of ['/api/audio/uploads/not-a-uuid/events', '/api/audio/uploads/not-a-uuid/result']) {
      const res = await ann.request(path);
      expect(res.status).toBe(404);
      expect((await res.json()) as HttpErrorBody).toMatchObject({ error: 'Upload not found.' });
    }
    expect((await stack.browser().request(`/api/audio/uploads/${song.id}/events`)).status).toBe(401);
  });
});
