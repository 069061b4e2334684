import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { ObjectStorage } from '@originality/platform';
import { IsNull, type DataSource } from 'typeorm';
import { ReferenceTrackEntity } from '../catalogue/entities';
import { contentHashOf } from '../catalogue/content-hash';
import { isPlayableLicence, referenceAudioKey } from './playback-licence';

export interface KeptAudio {
  stored: number;
  failed: { file: string; reason: string }[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
};

/**
 * Keeps the audio of catalogue tracks that may be played back (playback-licence.ts) in object storage, so the
 * results can offer A/B listening through signed URLs. Runs after an import; tracks already kept, and tracks
 * whose licence does not allow playback, are left alone, so running it again costs one query.
 */
export class ReferenceAudioKeeper {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  /** Uploads the audio of every listed file whose catalogue track is playable and has none kept yet. */
  async keep(files: readonly string[]): Promise<KeptAudio> {
    const kept: KeptAudio = { stored: 0, failed: [] };
    const waiting = await this.playableWithoutAudio();
    if (waiting.size === 0) return kept;
    for (const file of files) {
      try {
        const hash = await contentHashOf(file);
        const track = waiting.get(hash);
        if (!track) continue;
        await this.upload(track, file);
        waiting.delete(hash);
        kept.stored++;
      } catch (error) {
        kept.failed.push({ file, reason: (error as Error).message });
      }
    }
    return kept;
  }

  /** Playable tracks with no audio kept, by content hash. */
  private async playableWithoutAudio(): Promise<Map<string, ReferenceTrackEntity>> {
    const tracks = await this.dataSource.manager.find(ReferenceTrackEntity, {
      where: { audioKey: IsNull() },
      select: { id: true, contentHash: true, licence: true },
    });
    return new Map(tracks.filter((t) => isPlayableLicence(t.licence)).map((t) => [t.contentHash, t]));
  }

  private async upload(track: ReferenceTrackEntity, file: string): Promise<void> {
    const key = referenceAudioKey(track.contentHash);
    const { size } = await stat(file);
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    await this.storage.put(key, createReadStream(file), type, size);
    // Recorded only once the object is there: a track with an audio key always has its audio.
    await this.dataSource.manager.update(ReferenceTrackEntity, { id: track.id }, { audioKey: key });
  }
}
