import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  type AnalysisReport,
  type HttpErrorBody,
  REPORTS_NEED_PRO,
  type ReportVerification,
  type UploadView,
  type VersionDiff,
} from '@originality/contracts';
import { generateDemoCatalogue } from '@originality/music-synth';
import { eventually } from '@originality/testing';
import type { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';
import { analysedUpload, importCatalogue, uploadSong } from './support/songs';

// Renders and imports a small catalogue and starts five processes: slow on a loaded two-core machine.
jest.setTimeout(300_000);

const UNKNOWN_REPORT = '0123456789abcdef0123456789abcdef';

describe('reports through the gateway (sign-in, upload, analysis, billing, Postgres, NATS, S3)', () => {
  let stack: GatewayStack;
  let dir: string;
  let catalogueTitles: string[];
  let pro: TestBrowser;
  let free: TestBrowser;
  let proSong: UploadView;
  let proBytes: Buffer;

  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  const errorOf = async (res: Response, status: number): Promise<HttpErrorBody> => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    return (await res.json()) as HttpErrorBody;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-reports-'));
    // Rendered before anything starts: the synthesiser blocks the event loop.
    const demo = await generateDemoCatalogue(dir, { count: 2, seconds: 15, seed: 'gateway-reports' });
    catalogueTitles = demo.entries.map((e) => e.title);
    stack = await startGatewayStack({
      services: ['upload', 'analysis', 'billing'],
      objectStore: true,
      serviceEnv: { upload: { ENTITLEMENT_TIMEOUT_MS: '500' }, analysis: { CATALOGUE_REFRESH_SEC: '3600' } },
      prepare: (databaseUrl) => importCatalogue(databaseUrl, demo.manifestPath),
    });
    free = await stack.signIn('fran@example.test', 'Fran Free');
    pro = await stack.signIn('pat@example.test', 'Pat Pro');
    expect((await pro.json('POST', '/api/create-test-coupon')).status).toBe(200);
    const checkout = await pro.json('POST', '/api/create-checkout-session', {
      planId: 'monthly',
      planType: 'monthly',
      couponCode: 'TESTFREE100',
    });
    expect(checkout.status).toBe(200);
    proBytes = readFileSync(join(dir, 'demo-002.wav'));
    proSong = await analysedUpload(
      pro,
      (await uploadSong(pro, readFileSync(join(dir, 'demo-002.wav')), 'Night Drive.wav')).id,
    );
  });

  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives a Pro owner the JSON report: SHA-256 of the uploaded bytes, versions, scores, matches, waveform', async () => {
    const res = await pro.request(`/api/audio/uploads/${proSong.id}/report.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="originality-report-night-drive.json"');
    const report = (await res.json()) as AnalysisReport;
    expect(report.song).toMatchObject({
      uploadId: proSong.id,
      title: 'Night Drive',
      originalFilename: 'Night Drive.wav',
      sha256: sha256(proBytes),
      sizeBytes: proBytes.length,
      uploadedAt: proSong.createdAt,
    });
    expect(report.originalityScore).toBe(proSong.originalityScore);
    expect(report.engine.catalogueSize).toBe(2);
    expect(report.matches[0]).toMatchObject({ title: catalogueTitles[1] });
    expect(report.matches[0]!.similarity).toBeGreaterThanOrEqual(80);
    expect(report.waveform.peaks.length).toBeGreaterThan(100);
    expect(Math.max(...report.waveform.peaks)).toBe(1);
    expect(report.waveform.regions.length).toBeGreaterThan(0);
    expect(report.verification.id).toMatch(/^[0-9a-f]{32}$/);
    expect(report.verification.verifyUrl).toBe(`${stack.url}/api/reports/${report.verification.id}/verify`);
  });

  it('gives the PDF with the same verification id, which the public verify route confirms', async () => {
    const json = (await (await pro.request(`/api/audio/uploads/${proSong.id}/report.json`)).json()) as AnalysisReport;
    const res = await pro.request(`/api/audio/uploads/${proSong.id}/report.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(json.verification.id); // in the document info (the pages are compressed)

    const anonymous = stack.browser();
    const verified = await anonymous.request(json.verification.verifyUrl.replace(stack.url, ''));
    expect(verified.status).toBe(200);
    expect((await verified.json()) as ReportVerification).toEqual({
      verificationId: json.verification.id,
      issued: true,
      sha256: sha256(proBytes),
      originalityScore: json.originalityScore,
      engineVersion: json.engine.version,
      catalogueVersion: json.engine.catalogueVersion,
      issuedAt: json.verification.issuedAt,
    });
    const path = `/api/reports/${json.verification.id}/verify`;
    const matching = await anonymous.request(`${path}?sha256=${sha256(proBytes).toUpperCase()}`);
    expect(await matching.json()).toMatchObject({ sha256Matches: true });
    const other = await anonymous.request(`${path}?sha256=${sha256(Buffer.from('another file'))}`);
    expect(await other.json()).toMatchObject({ sha256Matches: false });
  });

  it('answers the verify route with 404 for an unknown id and 400 for a malformed id or hash', async () => {
    const anonymous = stack.browser();
    expect(await errorOf(await anonymous.request(`/api/reports/${UNKNOWN_REPORT}/verify`), 404)).toEqual({
      error: 'No report with this verification id was issued by this server.',
      code: 'NOT_FOUND',
    });
    expect((await errorOf(await anonymous.request('/api/reports/not-an-id/verify'), 400)).code).toBe('VALIDATION');
    expect((await errorOf(await anonymous.request(`/api/reports/${UNKNOWN_REPORT}/verify?sha256=xyz`), 400)).code).toBe(
      'VALIDATION',
    );
  });

  it('refuses a Free owner with 403 and the upgrade message, another user with 404, a visitor with 401', async () => {
    const song = await analysedUpload(
      free,
      (await uploadSong(free, readFileSync(join(dir, 'demo-001.wav')), 'Free Song.wav')).id,
    );
    for (const format of ['json', 'pdf']) {
      expect(await errorOf(await free.request(`/api/audio/uploads/${song.id}/report.${format}`), 403)).toEqual({
        error: REPORTS_NEED_PRO,
        code: 'FORBIDDEN',
      });
      expect((await errorOf(await free.request(`/api/audio/uploads/${proSong.id}/report.${format}`), 404)).code).toBe(
        'NOT_FOUND',
      );
      expect((await errorOf(await pro.request(`/api/audio/uploads/${song.id}/report.${format}`), 404)).code).toBe(
        'NOT_FOUND',
      );
      expect((await stack.browser().request(`/api/audio/uploads/${proSong.id}/report.${format}`)).status).toBe(401);
    }
  });

  it("compares two of the owner's versions: every score, and the matched tracks and passages", async () => {
    const edit = await analysedUpload(
      pro,
      (await uploadSong(pro, readFileSync(join(dir, 'demo-001.wav')), 'Night Drive v2.wav')).id,
    );
    const res = await pro.request(`/api/audio/uploads/${edit.id}/diff/${proSong.id}`);
    expect(res.status).toBe(200);
    const diff = (await res.json()) as VersionDiff;
    expect(diff.current).toMatchObject({ uploadId: edit.id, title: 'Night Drive v2' });
    expect(diff.earlier).toMatchObject({ uploadId: proSong.id, originalityScore: proSong.originalityScore });
    expect(diff.scores[0]).toMatchObject({
      field: 'originalityScore',
      before: proSong.originalityScore,
      after: edit.originalityScore,
    });
    // The earlier take copied one catalogue song, the edit the other: one is gone, one is new.
    const byTitle = new Map(diff.tracks.map((t) => [t.title, t]));
    expect(byTitle.get(catalogueTitles[1]!)?.after ?? 0).toBeLessThan(byTitle.get(catalogueTitles[1]!)!.before!);
    expect(byTitle.get(catalogueTitles[0]!)!.after).toBeGreaterThanOrEqual(80);

    expect((await errorOf(await free.request(`/api/audio/uploads/${edit.id}/diff/${proSong.id}`), 404)).code).toBe(
      'NOT_FOUND',
    );
    expect((await errorOf(await pro.request(`/api/audio/uploads/${edit.id}/diff/${edit.id}`), 400)).code).toBe(
      'VALIDATION',
    );
    expect((await stack.browser().request(`/api/audio/uploads/${edit.id}/diff/${proSong.id}`)).status).toBe(401);
  });

  it("forgets a deleted upload's file digest, while its issued report still verifies", async () => {
    const report = (await (await pro.request(`/api/audio/uploads/${proSong.id}/report.json`)).json()) as AnalysisReport;
    const digests = async () => {
      const db = new Client({ connectionString: stack.db.url });
      await db.connect();
      try {
        const { rows } = await db.query('SELECT 1 FROM analysis.song_digests WHERE upload_id = $1', [proSong.id]);
        return rows.length;
      } finally {
        await db.end();
      }
    };
    expect(await digests()).toBe(1);
    expect((await pro.json('DELETE', `/api/audio/uploads/${proSong.id}`)).status).toBe(204);
    await eventually(async () => (await digests()) === 0, { timeoutMs: 30_000, what: 'the digest to be forgotten' });
    const verified = await stack.browser().request(`/api/reports/${report.verification.id}/verify`);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ sha256: sha256(proBytes) });
    expect((await errorOf(await pro.request(`/api/audio/uploads/${proSong.id}/report.json`), 404)).code).toBe(
      'NOT_FOUND',
    );
  });
});
