import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENTS_SUBJECT_PREFIX } from '@originality/contracts';
import { IdempotentConsumer } from '@originality/platform';
import type { DataSource } from 'typeorm';
import { ADMIN_ANALYTICS_SCHEMA as S } from '../schema';
import { ReadModelProjector } from './projector';

/** Durable consumer name for a generation of the read models. */
export const durableNameOf = (generation: string) => `admin-analytics-${generation.replace(/-/g, '').slice(0, 12)}`;

/**
 * Feeds every domain event into the read models, in stream order, through one durable JetStream
 * consumer (it blocks on the pull; an idle service does nothing).
 *
 * The durable is named after this schema's generation (made by the migration): a fresh, empty
 * schema gets a new durable, which JetStream starts at the first message of the stream, so the
 * figures are rebuilt by replaying every event; replicas sharing the schema share the durable.
 */
@Injectable()
export class EventFeed implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly consumer: IdempotentConsumer,
    private readonly projector: ReadModelProjector,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.start({
      name: durableNameOf(await this.generation()),
      filterSubject: `${EVENTS_SUBJECT_PREFIX}>`,
      handle: (event, manager) => this.projector.apply(event, manager),
    });
  }

  private async generation(): Promise<string> {
    const rows: { id: string }[] = await this.dataSource.query(`SELECT id FROM "${S}".read_model_generation LIMIT 1`);
    if (!rows[0]) throw new Error(`${S}.read_model_generation is empty: the schema's migration did not run`);
    return rows[0].id;
  }
}
