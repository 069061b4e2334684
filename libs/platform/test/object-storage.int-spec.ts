import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ObjectStorage } from '@originality/platform';
import { type TestObjectStore, getTestObjectStore } from '@originality/testing';

describe('ObjectStorage against an S3-compatible server (s3rver)', () => {
  let store: TestObjectStore;
  let storage: ObjectStorage;

  beforeAll(async () => {
    store = await getTestObjectStore('storage-spec');
    storage = ObjectStorage.fromEnv(store.env);
    await storage.ensureBucket();
  });

  afterAll(async () => {
    storage?.close();
    await store?.stop();
  });

  it('presigns a PUT the client can send bytes to; head, range read, download and delete see them', async () => {
    const key = 'uploads/user-1/a';
    const url = await storage.presignPut(key, 'audio/mpeg', 600);
    const params = new URL(url).searchParams;
    expect(params.get('X-Amz-Expires')).toBe('600');
    expect(params.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    // No checksum of an empty body: S3 and MinIO would refuse the real file against it.
    expect([...params.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    const body = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(1000, 7)]);
    const put = await fetch(url, { method: 'PUT', body, headers: { 'Content-Type': 'audio/mpeg' } });
    expect(put.status).toBe(200);

    await expect(storage.head(key)).resolves.toEqual({ size: 1003, contentType: 'audio/mpeg' });
    expect((await storage.readFirstBytes(key, 3)).toString()).toBe('ID3');
    expect((await storage.readFirstBytes(key, 5000)).length).toBe(1003);

    const dir = mkdtempSync(join(tmpdir(), 'storage-spec-'));
    await storage.download(key, join(dir, 'copy'));
    expect(readFileSync(join(dir, 'copy')).equals(body)).toBe(true);
    rmSync(dir, { recursive: true, force: true });

    await storage.delete(key);
    await expect(storage.head(key)).resolves.toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('binds the URL to the declared size when one is given', async () => {
    const params = new URL(await storage.presignPut('uploads/user-1/b', 'audio/wav', 600, 1234)).searchParams;
    expect(params.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
  });

  it('creates a missing bucket once, and a second call is harmless', async () => {
    const other = ObjectStorage.fromEnv({ ...store.env, S3_BUCKET: 'fresh-bucket' });
    await other.ensureBucket();
    await other.ensureBucket();
    await other.put('k', Buffer.from('x'));
    await expect(other.head('k')).resolves.toMatchObject({ size: 1 });
    other.close();
  });

  it('connects with the bucket ready, or says which settings to check', async () => {
    const connected = await ObjectStorage.connect({ ...store.env, S3_BUCKET: 'connect-bucket' });
    await connected.put('k', Buffer.from('x'));
    connected.close();
    await expect(ObjectStorage.connect({ ...store.env, S3_ENDPOINT: 'http://127.0.0.1:9' })).rejects.toThrow(
      /Cannot use bucket "storage-spec" at http:\/\/127\.0\.0\.1:9 \(S3_ENDPOINT/,
    );
  });
});
