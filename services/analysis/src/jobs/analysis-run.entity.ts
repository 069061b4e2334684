import type { AnalysisResults } from '@originality/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** Where a run is: queued until a worker takes it, then analyzing, then completed or failed. */
export type RunStatus = 'queued' | 'analyzing' | 'completed' | 'failed';

/**
 * One analysis run of an upload (a reanalysis is a new run): the job's state and, once completed, the
 * full result. Keyed by the analysis id, so a duplicate event or delivery can never make a second one.
 */
@Entity({ name: 'analysis_runs' })
@Index('IDX_analysis_runs_upload', ['uploadId', 'createdAt'])
export class AnalysisRunEntity {
  @PrimaryColumn('uuid', { name: 'analysis_id' })
  analysisId: string;

  @Column('uuid', { name: 'upload_id' })
  uploadId: string;

  @Column('text', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'object_path' })
  objectPath: string;

  /** The song's title as the results show it: the original filename without its extension. */
  @Column('text')
  title: string;

  @Column('text')
  status: RunStatus;

  @Column('jsonb', { nullable: true })
  results: AnalysisResults | null;

  @Column('text', { name: 'failure_reason', nullable: true })
  failureReason: string | null;

  /** Measured wall time of the attempt that completed: download, decode, features, matching, scoring. */
  @Column('integer', { name: 'processing_ms', nullable: true })
  processingMs: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt: Date | null;
}
