import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type UploadDeletedEvent, UploadEvents } from '@originality/contracts';
import { IdempotentConsumer } from '@originality/platform';
import { SongDigestEntity } from './report-entities';

/**
 * Forgets a deleted upload's digest (hash and peaks of the creator's file). Issued reports stay: a distributor
 * holding one can still verify it, and they hold nothing personal.
 */
@Injectable()
export class SongDigestCleanup implements OnApplicationBootstrap {
  constructor(private readonly consumer: IdempotentConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.start<UploadDeletedEvent>({
      name: 'analysis-report-digests',
      filterSubject: UploadEvents.deleted,
      handle: async (event, manager) => {
        await manager.delete(SongDigestEntity, { uploadId: event.data.uploadId });
      },
    });
  }
}
