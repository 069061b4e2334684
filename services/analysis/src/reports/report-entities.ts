import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * What a verification id vouches for: one per completed analysis run, whichever format was downloaded, so the
 * JSON and the PDF of one result carry the same id. Nothing personal: no user, no file name.
 */
@Entity({ name: 'issued_reports' })
export class IssuedReportEntity {
  @PrimaryColumn('char', { name: 'verification_id', length: 32 })
  verificationId: string;

  @Column('uuid', { name: 'analysis_id', unique: true })
  analysisId: string;

  @Column('uuid', { name: 'upload_id' })
  uploadId: string;

  @Column('char', { length: 64 })
  sha256: string;

  @Column('double precision', { name: 'originality_score' })
  originalityScore: number;

  @Column('text', { name: 'engine_version' })
  engineVersion: string;

  @Column('text', { name: 'catalogue_version' })
  catalogueVersion: string;

  @CreateDateColumn({ name: 'issued_at', type: 'timestamptz' })
  issuedAt: Date;
}

/** The stored file's SHA-256 and byte count, computed once per upload from the object's bytes. */
@Entity({ name: 'song_digests' })
export class SongDigestEntity {
  @PrimaryColumn('uuid', { name: 'upload_id' })
  uploadId: string;

  @Column('char', { length: 64 })
  sha256: string;

  @Column('bigint', { name: 'size_bytes', transformer: { to: (n: number) => n, from: (s: string) => Number(s) } })
  sizeBytes: number;

  @CreateDateColumn({ name: 'computed_at', type: 'timestamptz' })
  computedAt: Date;
}

export const REPORT_ENTITIES = [IssuedReportEntity, SongDigestEntity];
