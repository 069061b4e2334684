import { type HttpErrorBody, type UploadPage } from '@originality/contracts';
import { ObjectStorage } from '@originality/platform';
import { Client } from 'pg';
import { TestBrowser } from './support/browser';
import { type GatewayStack, startGatewayStack } from './support/gateway-stack';
import { TINY_MP3, putToStorage, uploadSong } from './support/songs';

const MP3 = TINY_MP3;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
const UNKNOWN_ID = '123e4567-e89b-12d3-a456-426614174000';

describe('gateway uploads (real sign-in, identity and upload services, Postgres, NATS, S3)', () => {
  let stack: GatewayStack;
  let storage: ObjectStorage;
  let ann: TestBrowser;
  let bob: TestBrowser;
  let anonymous: TestBrowser;

  const freshUser = (email: string) => stack.signIn(email, 'Fresh User');

  const errorOf = async (res: Response, status: number): Promise<HttpErrorBody> => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    return (await res.json()) as HttpErrorBody;
  };

  const createBody = (objectPath: string, name = 'First Song.mp3') => ({
    filename: name,
    originalFilename: name,
    fileSize: MP3.length,
    mimeType: 'audio/mpeg',
    objectPath,
    duration: null,
  });

  beforeAll(async () => {
    stack = await startGatewayStack({
      services: ['upload'],
      objectStore: true,
      serviceEnv: { upload: { ENTITLEMENT_TIMEOUT_MS: '100' } },
      gatewayEnv: { S3_PUBLIC_ENDPOINT: 'http://localhost:9000' },
    });
    storage = ObjectStorage.fromEnv(stack.store!.env);
    anonymous = stack.browser();
    ann = await stack.signIn('ann@example.test', 'Ann Artist');
    bob = await stack.signIn('bob@example.test', 'Bob Builder');
  });

  afterAll(async () => {
    storage?.close();
    await stack?.stop();
  });

  it('uploads as the SPA does: URL, PUT to storage, create; then history, one upload, usage and the profile total', async () => {
    const song = await uploadSong(ann, MP3, 'First Song.mp3');
    expect(song).toMatchObject({ originalFilename: 'First Song.mp3', analysisStatus: 'pending', fileSize: MP3.length });

    const history = (await (await ann.json('GET', '/api/audio/uploads')).json()) as UploadPage;
    expect(history).toMatchObject({ total: 1, nextCursor: null });
    expect(history.uploads.map((u) => u.id)).toEqual([song.id]);
    expect(await (await ann.json('GET', `/api/audio/uploads/${song.id}`)).json()).toMatchObject({ id: song.id });
    expect(await (await ann.json('GET', '/api/usage')).json()).toEqual({ current: 1, max: 10 });
    expect(await (await ann.json('GET', '/api/auth/user')).json()).toMatchObject({
      totalUploadsCount: 1,
      uploadedSongTitles: ['First Song.mp3'],
    });
    // Bob sees none of it.
    expect(((await (await bob.json('GET', '/api/audio/uploads')).json()) as UploadPage).total).toBe(0);
    expect(await errorOf(await bob.json('GET', `/api/audio/uploads/${song.id}`), 404)).toEqual({
      error: 'Upload not found.',
      code: 'NOT_FOUND',
    });
  });

  it('pages the history with the cursor it hands out', async () => {
    const dora = await freshUser('dora@example.test');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await uploadSong(dora, MP3, `take ${i}.mp3`)).id);
    const first = (await (await dora.json('GET', '/api/audio/uploads?limit=2')).json()) as UploadPage;
    expect(first.uploads.map((u) => u.id)).toEqual([ids[2], ids[1]]);
    const next = (await (
      await dora.json('GET', `/api/audio/uploads?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`)
    ).json()) as UploadPage;
    expect(next).toMatchObject({ total: 3, nextCursor: null });
    expect(next.uploads.map((u) => u.id)).toEqual([ids[0]]);
    expect((await errorOf(await dora.json('GET', '/api/audio/uploads?limit=abc'), 400)).code).toBe('VALIDATION');
    expect((await errorOf(await dora.json('GET', '/api/audio/uploads?limit=51'), 400)).code).toBe('VALIDATION');
    expect(await errorOf(await dora.json('GET', '/api/audio/uploads?cursor=xyz'), 400)).toEqual({
      error: 'The history cursor is not valid. Reload the history.',
      code: 'VALIDATION',
    });
  });

  it('answers bad input with a 4xx JSON message, never a 500, and deletes a refused file of the caller', async () => {
    const objectPath = await putToStorage(ann, PDF, 'audio/mpeg');
    expect(await errorOf(await ann.json('POST', '/api/audio/create', createBody(objectPath, 'fake.mp3')), 400)).toEqual(
      {
        error: 'Invalid File Type — Please upload audio files only (MP3, MP4, WAV). "fake.mp3" is not supported.',
        code: 'VALIDATION',
      },
    );
    await expect(storage.head(objectPath)).resolves.toBeNull();

    const annsFile = await putToStorage(ann, MP3, 'audio/mpeg');
    expect(await errorOf(await bob.json('POST', '/api/audio/create', createBody(annsFile)), 403)).toEqual({
      error: 'This file was not uploaded by you.',
      code: 'FORBIDDEN',
    });
    await expect(storage.head(annsFile)).resolves.not.toBeNull();

    expect(await errorOf(await ann.json('POST', '/api/audio/create', '{"filename": "a.mp3",'), 400)).toEqual({
      error: 'The request body is not valid JSON.',
      code: 'VALIDATION',
    });
    const missing = await errorOf(await ann.json('POST', '/api/audio/create', { filename: 'a.mp3' }), 400);
    expect(missing.code).toBe('VALIDATION');
    expect(missing.error).toMatch(/originalFilename|fileSize|mimeType|objectPath/);
    expect(
      (await errorOf(await ann.json('POST', '/api/audio/create', { ...createBody(annsFile), fileSize: '12' }), 400))
        .error,
    ).toMatch(/fileSize/);
    expect(
      (await errorOf(await ann.json('POST', '/api/audio/create', { ...createBody(annsFile), isAdmin: true }), 400))
        .code,
    ).toBe('VALIDATION');
    expect(
      (await errorOf(await ann.json('POST', '/api/audio/upload', { mimeType: 'application/pdf' }), 400)).error,
    ).toMatch(/^Invalid File Type/);
    expect(await errorOf(await ann.json('GET', '/api/audio/uploads/not-an-id'), 404)).toEqual({
      error: 'Upload not found.',
      code: 'NOT_FOUND',
    });
    expect((await errorOf(await ann.json('DELETE', `/api/audio/uploads/${UNKNOWN_ID}`), 404)).code).toBe('NOT_FOUND');
    expect((await errorOf(await anonymous.json('POST', '/api/audio/upload'), 401)).code).toBe('UNAUTHENTICATED');
    expect((await errorOf(await anonymous.json('GET', '/api/usage'), 401)).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a new upload URL with 429 once the month is used up', async () => {
    const erin = await freshUser('erin@example.test');
    const sql = new Client({ connectionString: stack.db.url });
    await sql.connect();
    await sql.query(
      `INSERT INTO upload.monthly_usage (user_id, month, analyses)
       VALUES ($1, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 10)`,
      ['dev:erin@example.test'],
    );
    await sql.end();
    expect(await errorOf(await erin.json('POST', '/api/audio/upload'), 429)).toEqual({
      error: 'Upload limit exceeded',
      code: 'LIMIT_EXCEEDED',
      details: { current: 10, max: 10 },
    });
  });

  it('reanalyzes completed uploads only, and deletes with 204', async () => {
    const song = await uploadSong(ann, MP3, 'To Delete.mp3');
    expect(await errorOf(await ann.json('POST', `/api/audio/reanalyze/${song.id}`), 409)).toEqual({
      error: 'Only a completed analysis can be reanalyzed.',
      code: 'CONFLICT',
    });
    expect((await errorOf(await bob.json('DELETE', `/api/audio/uploads/${song.id}`), 404)).code).toBe('NOT_FOUND');
    const res = await ann.json('DELETE', `/api/audio/uploads/${song.id}`);
    expect(res.status).toBe(204);
    await expect(storage.head(song.objectPath)).resolves.toBeNull();
    expect((await errorOf(await ann.json('GET', `/api/audio/uploads/${song.id}`), 404)).code).toBe('NOT_FOUND');
  });

  it('never takes the file itself: no route accepts audio, bodies stop at 100 kB, the CSP allows the store', async () => {
    const doc = (await (await anonymous.request('/api/docs-json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    const bodyTypes = Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).flatMap((op) => Object.keys(op.requestBody?.content ?? {})),
    );
    expect(bodyTypes.length).toBeGreaterThan(0);
    expect(bodyTypes.every((type) => type === 'application/json')).toBe(true);

    // An audio body sent to the upload routes is not read as a file: a JSON error, no object.
    const raw = await ann.request('/api/audio/create', {
      method: 'POST',
      body: MP3.toString('latin1'),
      headers: { 'content-type': 'audio/mpeg', 'sec-fetch-site': 'same-origin' },
    });
    expect((await errorOf(raw, 400)).code).toBe('VALIDATION');
    expect((await errorOf(await ann.json('POST', '/api/audio/upload', { pad: 'x'.repeat(200_000) }), 413)).code).toBe(
      'VALIDATION',
    );
    expect((await errorOf(await ann.json('PUT', '/api/audio/upload'), 404)).code).toBe('NOT_FOUND');

    const csp = (await anonymous.request('/api/maintenance-status')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:9000(;|$)/);
  });
});
