import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Injectable, type Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { type ConfigOf, type ConfigSpec, bool, loadConfig, str, url } from './config';
import type { ReadinessCheck } from './health';

/** The object storage settings every process that touches S3 reads (names agreed in the README). */
export const objectStorageConfig = {
  /** S3 API endpoint the services use. */
  S3_ENDPOINT: { default: 'http://127.0.0.1:4569', parse: url({ protocols: ['http', 'https'] }) },
  /** Endpoint written into presigned URLs, the one the browser can reach; defaults to S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: { required: false, parse: url({ protocols: ['http', 'https'] }) },
  S3_BUCKET: { default: 'originality-audio', parse: str({ minLength: 3, maxLength: 63, pattern: /^[a-z0-9.-]+$/ }) },
  S3_REGION: { default: 'us-east-1', parse: str({ minLength: 1, maxLength: 64 }) },
  S3_ACCESS_KEY_ID: { default: 'S3RVER', parse: str({ minLength: 1 }) },
  S3_SECRET_ACCESS_KEY: { default: 'S3RVER', parse: str({ minLength: 1 }) },
  S3_FORCE_PATH_STYLE: { default: true, parse: bool() },
} satisfies ConfigSpec;

export type ObjectStorageSettings = ConfigOf<typeof objectStorageConfig>;

/** What HeadObject says about a stored object. */
export interface StoredObject {
  size: number;
  contentType: string | null;
}

/**
 * The uploads bucket: presigned PUTs for the browser, and the reads, checks and deletes the
 * services do themselves. Two clients, because a presigned URL carries the endpoint it was signed
 * for: the public one for the browser, the internal one for everything else.
 */
export class ObjectStorage {
  readonly bucket: string;
  private readonly s3: S3Client;
  private readonly publicS3: S3Client;

  constructor(readonly settings: ObjectStorageSettings) {
    this.bucket = settings.S3_BUCKET;
    this.s3 = new S3Client(clientConfig(settings, settings.S3_ENDPOINT));
    this.publicS3 = new S3Client(clientConfig(settings, settings.S3_PUBLIC_ENDPOINT ?? settings.S3_ENDPOINT));
  }

  static fromEnv(env: NodeJS.ProcessEnv = process.env): ObjectStorage {
    return new ObjectStorage(loadConfig(objectStorageConfig, env));
  }

  /** From the S3_* settings, with the bucket created when missing; says which setting to check when the store does not answer. */
  static async connect(env: NodeJS.ProcessEnv = process.env): Promise<ObjectStorage> {
    const storage = ObjectStorage.fromEnv(env);
    try {
      await storage.ensureBucket();
    } catch (err) {
      storage.close();
      throw new Error(
        `Cannot use bucket "${storage.bucket}" at ${storage.settings.S3_ENDPOINT} (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID): ${(err as Error).message}`,
      );
    }
    return storage;
  }

  /**
   * A URL the browser can PUT the object to for `seconds`. Bound to `contentType` and to
   * `contentLength` when given: a store that checks signatures (S3, MinIO) refuses any other.
   */
  presignPut(key: string, contentType: string | undefined, seconds: number, contentLength?: number): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: contentLength,
    });
    const signed = [contentType && 'content-type', contentLength !== undefined && 'content-length'].filter(
      (h): h is string => Boolean(h),
    );
    return getSignedUrl(this.publicS3, command, { expiresIn: seconds, signableHeaders: new Set(signed) });
  }

  /** A URL the browser can GET (play) the object from for `seconds`, served by the store, not by us. */
  presignGet(key: string, seconds: number): Promise<string> {
    return getSignedUrl(this.publicS3, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: seconds });
  }

  /** Size and type of the object, or null when there is none. */
  async head(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** Up to `n` bytes from the start of the object (one Range GET: a 50 MB file is never read whole). */
  async readFirstBytes(key: string, n: number): Promise<Buffer> {
    const object = await this.s3.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${n - 1}` }),
    );
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    return bytes.subarray(0, n);
  }

  /** Streams the object into a file, never holding it in memory. */
  async download(key: string, toFilePath: string): Promise<void> {
    const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    await pipeline(object.Body as Readable, createWriteStream(toFilePath));
  }

  /** Stores an object from the server side (tests, tools); browsers use {@link presignPut}. */
  async put(key: string, body: Buffer | Readable, contentType?: string, contentLength?: number): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: contentLength,
      }),
    );
  }

  /** Removes the object; removing one that is already gone is fine. */
  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Throws unless the store answers and the bucket exists. */
  async ping(): Promise<void> {
    await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Creates the bucket when it is missing (local stores start empty). */
  async ensureBucket(): Promise<void> {
    try {
      await this.ping();
      return;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      await this.s3.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      // Another process created it in between.
      const name = (err as { name?: string }).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
    }
  }

  close(): void {
    this.s3.destroy();
    this.publicS3.destroy();
  }
}

function clientConfig(settings: ObjectStorageSettings, endpoint: string): S3ClientConfig {
  return {
    endpoint,
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY },
    // Otherwise the SDK writes the checksum of an empty body into presigned URLs, and S3 or MinIO
    // refuse the browser's PUT of the real file; range reads carry no whole-object checksum either.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e.name === 'NotFound' || e.name === 'NoSuchKey' || e.name === 'NoSuchBucket' || e.$metadata?.httpStatusCode === 404
  );
}

/** Nest provider: inject `ObjectStorage` anywhere in a service that lists it. Settings come from S3_*. */
export const objectStorageProvider: Provider = {
  provide: ObjectStorage,
  useFactory: () => ObjectStorage.fromEnv(),
};

/**
 * Readiness of a process that serves uploads: the object store answers and has the bucket.
 * (`health: { readiness: [ObjectStorageReadiness] }`; the storage is looked up in the app.)
 */
@Injectable()
export class ObjectStorageReadiness implements ReadinessCheck {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async check(): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check('objectStorage');
    try {
      await this.moduleRef.get(ObjectStorage, { strict: false }).ping();
      return indicator.up();
    } catch (err) {
      return indicator.down((err as Error).message || (err as Error).name);
    }
  }
}
