// The local S3-compatible object store: an s3rver from npm with the uploads bucket, CORS open to the
// app's origin so the browser can PUT straight to it. Production and `docker compose` use MinIO;
// s3rver is for `npm start` and the browser tests only (it is not a security boundary).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const DEFAULT_BUCKET = 'originality-audio';

// Any origin, any header: the presigned URL is what authorises a PUT, not the origin.
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * Starts s3rver on 127.0.0.1:`port` with `bucket` (and its CORS rule) created. Data goes to
 * `directory`, or to a temp folder removed on stop.
 * @returns {Promise<{ endpoint: string, env: Record<string, string>, stop: () => Promise<void> }>}
 */
export async function startObjectStore({ port = 4569, bucket = DEFAULT_BUCKET, directory } = {}) {
  const dir = directory ?? mkdtempSync(join(tmpdir(), 'originality-s3-'));
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port: actualPort } = await server.run();
  const endpoint = `http://127.0.0.1:${actualPort}`;
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      // The browser runs on this machine too; localhost keeps it same-site with the app.
      S3_PUBLIC_ENDPOINT: `http://localhost:${actualPort}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      if (!directory) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The object store for a local stack: the one at S3_ENDPOINT when that is set (MinIO, a real S3),
 * otherwise an s3rver started here.
 */
export async function provideObjectStore({ port, directory, log = console.log }) {
  if (process.env.S3_ENDPOINT) {
    log(`• Object storage at ${process.env.S3_ENDPOINT} (S3_ENDPOINT)`);
    return { env: {}, stop: async () => undefined };
  }
  const store = await startObjectStore({ port, directory });
  log(`• Object storage: s3rver at ${store.endpoint}${directory ? ` (data in ${directory})` : ''}`);
  return store;
}
