import { execFile } from 'node:child_process';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import type { UploadUrlReply, UploadView } from '@originality/contracts';
import { eventually } from '@originality/testing';
import type { TestBrowser } from './browser';
import { ROOT } from './stack';

const MIME_TYPES: Record<string, string> = { '.wav': 'audio/wav', '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4' };

/** A small MP3-looking file (ID3 header): enough for the upload service, not for analysis. */
export const TINY_MP3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([4, 0, 0, 0, 0, 0, 0]),
  Buffer.alloc(4000, 0x55),
]);

/** A demo catalogue imported as an operator would: through the analysis CLI. */
export async function importCatalogue(
  databaseUrl: string,
  manifestPath: string,
  env: Record<string, string> = {},
): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['tools/run-ts.mjs', 'services/analysis/src/cli/main.ts', 'catalog', 'import', manifestPath],
    { cwd: ROOT, env: { ...process.env, ...env, DATABASE_URL: databaseUrl } },
  );
}

/** What the SPA does with a dropped file: a presigned URL, then the PUT straight to storage. Returns the object path. */
export async function putToStorage(browser: TestBrowser, body: Buffer, mimeType: string): Promise<string> {
  const res = await browser.json('POST', '/api/audio/upload');
  expect(res.status).toBe(200);
  const { uploadURL, objectPath } = (await res.json()) as UploadUrlReply;
  expect((await fetch(uploadURL, { method: 'PUT', body, headers: { 'Content-Type': mimeType } })).status).toBe(200);
  return objectPath;
}

/** The whole upload as the SPA makes it: URL, PUT, then create (the type follows the name's extension). */
export async function uploadSong(browser: TestBrowser, body: Buffer, name: string): Promise<UploadView> {
  const mimeType = MIME_TYPES[extname(name).toLowerCase()] ?? 'audio/mpeg';
  const objectPath = await putToStorage(browser, body, mimeType);
  const res = await browser.json('POST', '/api/audio/create', {
    filename: name,
    originalFilename: name,
    fileSize: body.length,
    mimeType,
    objectPath,
    duration: null,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as UploadView;
}

/** The upload once its analysis completed; a failed analysis fails the test with its reason. */
export function analysedUpload(browser: TestBrowser, uploadId: string, timeoutMs = 120_000): Promise<UploadView> {
  return eventually(
    async () => {
      const upload = (await (await browser.json('GET', `/api/audio/uploads/${uploadId}`)).json()) as UploadView;
      if (upload.analysisStatus === 'failed') throw new Error(`analysis failed: ${upload.failureReason}`);
      return upload.analysisStatus === 'completed' && upload;
    },
    { timeoutMs, what: `the analysis of upload ${uploadId}` },
  );
}
