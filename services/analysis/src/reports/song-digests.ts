import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { decodeAudio } from '@originality/music-analysis';
import { DomainError, ObjectStorage } from '@originality/platform';
import type { DataSource } from 'typeorm';
import { SongDigestEntity } from './report-entities';
import { peaksOf } from './waveform-peaks';

/** A low sample rate is plenty for a page-wide loudness outline and decodes fast. */
const PEAKS_SAMPLE_RATE = 4000;

/**
 * The SHA-256, size and coarse peaks of an upload's stored file: streamed from object storage to a temp file the
 * first time a report needs them (never held in memory), then kept, so a 50 MB file is read once per upload.
 */
@Injectable()
export class SongDigests {
  private readonly logger = new Logger(SongDigests.name);

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

  private async compute(objectPath: string): Promise<Pick<SongDigestEntity, 'sha256' | 'sizeBytes' | 'peaks'>> {
    const dir = await mkdtemp(join(tmpdir(), 'report-'));
    try {
      const file = join(dir, 'audio');
      if (!(await this.storage.head(objectPath))) throw DomainError.notFound('The file of this upload is gone.');
      await this.storage.download(objectPath, file);
      const [{ sha256, sizeBytes }, peaks] = await Promise.all([hashFile(file), this.peaksOf(file)]);
      return { sha256, sizeBytes, peaks };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The file was analysed, so it decodes; should that fail now, the report still goes out with a flat waveform. */
  private async peaksOf(file: string): Promise<number[]> {
    try {
      return peaksOf((await decodeAudio(file, { sampleRate: PEAKS_SAMPLE_RATE })).samples);
    } catch (error) {
      this.logger.warn(`No waveform peaks for a report: ${(error as Error).message}`);
      return [];
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
