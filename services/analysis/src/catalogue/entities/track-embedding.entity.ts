import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The track's retrieval embedding: a little-endian Float32Array stored as bytes. */
@Entity({ name: 'track_embeddings' })
export class TrackEmbeddingEntity {
  @PrimaryColumn('uuid', { name: 'track_id' })
  trackId: string;

  @Column('integer')
  dimensions: number;

  @Column('bytea')
  vector: Buffer;
}
