import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A published song the engine compares uploads with (spec §3 Track, minus the per-query similarity). */
@Entity({ name: 'reference_tracks' })
export class ReferenceTrackEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  title: string;

  @Column('text')
  artist: string;

  @Column('text')
  platform: string;

  @Column('integer', { name: 'release_year', nullable: true })
  releaseYear: number | null;

  @Column('text', { name: 'preview_url', nullable: true })
  previewUrl: string | null;

  /** Where the audio came from: 'demo-generator', a file path or a URL. */
  @Column('text')
  source: string;

  @Column('text')
  licence: string;

  @Column('double precision', { name: 'duration_sec' })
  durationSec: number;

  /** sha256 of the audio file's bytes (hex); unique, so the same audio is never stored twice. */
  @Column('char', { name: 'content_hash', length: 64, unique: true })
  contentHash: string;

  /** Object-storage key of the track's audio, kept only when its licence allows playback (listening/reference-audio.ts). */
  @Column('text', { name: 'audio_key', nullable: true })
  audioKey: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
