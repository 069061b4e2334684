import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, ObjectStorage } from '@originality/platform';
import type { DataSource } from 'typeorm';
import { SongDigestEntity } from './report-entities';

/**
 * The SHA-256 and size of an upload's stored file: streamed from object storage to a temp file the
 * first time a report needs them (never held in memory), then kept, so a 50 MB file is read once per upload.
 */
@Injectable()
export class SongDigests {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async of(uploadId: string, objectPath: string): Promise<SongDigestEntity> {
    const repository = this.dataSource.getRepository(SongDigestEntity);
    const stored = await repository.findOneBy({ uploadId });
    if (stored) return stored;
    const digest = await this.compute(objectPath);
    // Two first downloads at once compute the same bytes; the first row stays.
    await repository
      .createQueryBuilder()
      .insert()
      .values({ uploadId, ...digest })
      .orIgnore()
      .execute();
    return (await repository.findOneBy({ uploadId }))!;
  }

  private async compute(objectPath: string): Promise<Pick<SongDigestEntity, 'sha256' | 'sizeBytes'>> {
    const dir = await mkdtemp(join(tmpdir(), 'report-'));
    try {
      const file = join(dir, 'audio');
      if (!(await this.storage.head(objectPath))) throw DomainError.notFound('The file of this upload is gone.');
      await this.storage.download(objectPath, file);
      return await hashFile(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** SHA-256 (lowercase hex) and byte count of a file, streamed. */
export async function hashFile(file: string): Promise<{ sha256: string; sizeBytes: number }> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    sizeBytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), sizeBytes };
}
