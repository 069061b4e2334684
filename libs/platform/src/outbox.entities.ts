import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A domain event waiting to be (or already) published; written in the transaction of its change. */
@Entity({ name: 'outbox_event' })
@Index('outbox_event_unpublished', ['occurredAt'], { where: '"published_at" IS NULL' })
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  type: string;

  @Column('jsonb')
  data: unknown;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}

/** An event a consumer of this schema has already applied (so a redelivery changes nothing). */
@Entity({ name: 'processed_event' })
export class ProcessedEvent {
  @PrimaryColumn('text')
  consumer: string;

  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt: Date;
}
