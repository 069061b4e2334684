import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The musical description of a reference track as the engine extracted it: key and tempo as
 * columns (for people and queries), the rest as the engine's serialised form: chords, melody and
 * scalars as JSON, the per-beat series (beats, rhythm pattern, beat chroma) packed as bytes.
 */
@Entity({ name: 'track_descriptors' })
export class TrackDescriptorsEntity {
  @PrimaryColumn('uuid', { name: 'track_id' })
  trackId: string;

  /** The engine that produced these features; a different engine means they need re-extracting. */
  @Column('text', { name: 'engine_version' })
  engineVersion: string;

  @Column('text', { name: 'key_name' })
  keyName: string;

  @Column('double precision', { name: 'tempo_bpm' })
  tempoBpm: number;

  @Column('jsonb')
  data: unknown;

  /** Length-prefixed little-endian blobs, see feature-codec.ts. */
  @Column('bytea')
  series: Buffer;
}
