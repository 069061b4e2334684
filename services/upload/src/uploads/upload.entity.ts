import type { AnalysisStatus } from '@originality/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A song a user uploaded, and where its latest analysis stands. */
@Entity({ name: 'upload' })
export class Upload {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  /** Kept for the admin console's upload list. */
  @Column({ name: 'user_email', type: 'text', nullable: true })
  userEmail: string | null;

  /** Sanitised display name. */
  @Column({ type: 'text' })
  filename: string;

  @Column({ name: 'original_filename', type: 'text' })
  originalFilename: string;

  /** Bytes, as the object store measured them (never the browser's claim). */
  @Column({ name: 'file_size', type: 'integer' })
  fileSize: number;

  /** The type the file's own bytes show. */
  @Column({ name: 'mime_type', type: 'text' })
  mimeType: string;

  @Column({ name: 'object_path', type: 'text', unique: true })
  objectPath: string;

  @Column({ type: 'double precision', nullable: true })
  duration: number | null;

  /** The current analysis run; events of an older run are ignored. */
  @Column({ name: 'analysis_id', type: 'uuid' })
  analysisId: string;

  @Column({ name: 'analysis_status', type: 'text', default: 'pending' })
  analysisStatus: AnalysisStatus;

  @Column({ name: 'originality_score', type: 'double precision', nullable: true })
  originalityScore: number | null;

  @Column({ name: 'match_count', type: 'integer', nullable: true })
  matchCount: number | null;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: string | null;

  /** Set by the service in whole milliseconds, so the history cursor (a JS date) points at it exactly. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
