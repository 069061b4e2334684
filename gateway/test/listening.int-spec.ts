import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AnalysisResultView,
  HttpErrorBody,
  UploadListening,
  UploadView,
  UploadWaveform,
} from '@originality/contracts';
import { eventually } from '@originality/testing';
import { generateDemoCatalogue } from '@originality/music-synth';
import type { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';
import { analysedUpload, importCatalogue, uploadSong } from './support/songs';

// Renders and imports a catalogue and starts four processes: slow on a loaded two-core machine.
jest.setTimeout(300_000);

const SECONDS = 20;

describe('gateway listening: waveform peaks and signed audio URLs of an analysed upload', () => {
  let stack: GatewayStack;
  let ann: TestBrowser;
  let bob: TestBrowser;
  let dir: string;
  let titles: string[];
  let song: UploadView;
  let result: AnalysisResultView;

  /** Three demo songs; the second one's licence says it may not be played. */
  async function renderCatalogue(): Promise<string> {
    dir = mkdtempSync(join(tmpdir(), 'gateway-listening-'));
    const demo = await generateDemoCatalogue(dir, { count: 3, seconds: SECONDS, seed: 'gateway-listening' });
    titles = demo.entries.map((e) => e.title);
    const manifest = JSON.parse(readFileSync(demo.manifestPath, 'utf8')) as { licence?: string }[];
    manifest[1]!.licence = 'All rights reserved';
    writeFileSync(demo.manifestPath, JSON.stringify(manifest));
    return demo.manifestPath;
  }

  const bytesAt = async (url: string) => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  beforeAll(async () => {
    const manifestPath = await renderCatalogue();
    stack = await startGatewayStack({
      services: ['upload', 'analysis'],
      objectStore: true,
      serviceEnv: { upload: { ENTITLEMENT_TIMEOUT_MS: '100' }, analysis: { CATALOGUE_REFRESH_SEC: '3600' } },
      // With the object store's settings, the import keeps playable references' audio in the bucket.
      prepare: (databaseUrl, env) => importCatalogue(databaseUrl, manifestPath, env),
    });
    ann = await stack.signIn('ann@example.test', 'Ann Artist');
    bob = await stack.signIn('bob@example.test', 'Bob Builder');
    song = await uploadSong(ann, readFileSync(join(dir, 'demo-003.wav')), 'Copied Song.wav');
    result = await eventually(
      async () => {
        const res = await ann.json('GET', `/api/audio/uploads/${song.id}/result`);
        return res.status === 200 ? ((await res.json()) as AnalysisResultView) : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250, what: 'the analysis result' },
    );
  });

  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the owner the waveform peaks the worker stored: min/max pairs spanning the song', async () => {
    const res = await ann.json('GET', `/api/audio/uploads/${song.id}/waveform`);
    expect(res.status).toBe(200);
    const waveform = (await res.json()) as UploadWaveform;
    expect(waveform.uploadId).toBe(song.id);
    expect(waveform.durationSec).toBeCloseTo(SECONDS, 0);
    expect(waveform.peaks.length % 2).toBe(0);
    expect(waveform.peaks.length).toBeGreaterThanOrEqual(2000);
    const [mins, maxes] = [waveform.peaks.filter((_, i) => i % 2 === 0), waveform.peaks.filter((_, i) => i % 2)];
    expect(mins.every((min, i) => min <= maxes[i]! && min >= -1 && maxes[i]! <= 1)).toBe(true);
    // A rendered piece is audible through most of its length.
    expect(maxes.filter((max) => max > 0.01).length).toBeGreaterThan(maxes.length / 2);
  });

  it('signs URLs that fetch the upload and a playable reference straight from the store; refuses an unlicensed one', async () => {
    const res = await ann.json('GET', `/api/audio/uploads/${song.id}/listen`);
    expect(res.status).toBe(200);
    const listening = (await res.json()) as UploadListening;
    expect(Date.parse(listening.upload.expiresAt)).toBeGreaterThan(Date.now());
    expect(new URL(listening.upload.url).origin).toBe(new URL(stack.store!.env.S3_ENDPOINT).origin);
    expect((await bytesAt(listening.upload.url)).equals(readFileSync(join(dir, 'demo-003.wav')))).toBe(true);

    expect(result.allMatches[0]).toMatchObject({ title: titles[2] });
    const copied = listening.references.find((r) => r.referenceId === result.allMatches[0]!.referenceId);
    expect(copied).toMatchObject({ playable: true });
    const copiedUrl = copied!.playable ? copied!.url : '';
    expect((await bytesAt(copiedUrl)).equals(readFileSync(join(dir, 'demo-003.wav')))).toBe(true);

    // The page may play them: the CSP lets media come from the store's origin.
    const csp = (await ann.request('/api/maintenance-status')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`media-src 'self' blob: data: ${new URL(listening.upload.url).origin}`);

    const matchedIds = new Set(result.allMatches.map((m) => m.referenceId));
    expect(listening.references.map((r) => r.referenceId).sort()).toEqual([...matchedIds].sort());
    // A copy of the unlicensed song finds it, but may not play it.
    const copyOfUnlicensed = await uploadSong(ann, readFileSync(join(dir, 'demo-002.wav')), 'Unlicensed Copy.wav');
    await analysedUpload(ann, copyOfUnlicensed.id, 180_000);
    const other = (await (
      await ann.json('GET', `/api/audio/uploads/${copyOfUnlicensed.id}/result`)
    ).json()) as AnalysisResultView;
    const unlicensed = other.allMatches.find((m) => m.title === titles[1]);
    const otherListening = (await (
      await ann.json('GET', `/api/audio/uploads/${copyOfUnlicensed.id}/listen`)
    ).json()) as UploadListening;
    expect(otherListening.references.find((r) => r.referenceId === unlicensed?.referenceId)).toMatchObject({
      playable: false,
      reason: expect.stringMatching(/licence/),
    });
  });

  it('stores catalogue transparency with the result: sources, licences and the catalogue date', () => {
    expect(result.catalogue).toMatchObject({ size: 3, updatedAt: expect.any(String) });
    expect(result.catalogue.sources).toEqual([
      { name: 'tracks imported by the operator', trackCount: 3, licences: ['All rights reserved', 'CC0-1.0'] },
    ]);
  });

  it('answers another user 404 and a signed-out caller 401, as JSON', async () => {
    for (const path of [`/api/audio/uploads/${song.id}/waveform`, `/api/audio/uploads/${song.id}/listen`]) {
      const other = await bob.request(path);
      expect(other.status).toBe(404);
      expect(((await other.json()) as HttpErrorBody).error).toEqual(expect.any(String));
      const anonymous = await stack.browser().request(path);
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as HttpErrorBody).error).toEqual(expect.any(String));
    }
    const malformed = await ann.request('/api/audio/uploads/not-a-uuid/listen');
    expect(malformed.status).toBe(404);
  });
});
