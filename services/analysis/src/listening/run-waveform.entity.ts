import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The waveform peaks of the upload an analysis run decoded (peaks.ts), deleted with the run. */
@Entity({ name: 'run_waveforms' })
export class RunWaveformEntity {
  @PrimaryColumn('uuid', { name: 'analysis_id' })
  analysisId: string;

  @Column('double precision', { name: 'duration_sec' })
  durationSec: number;

  /** Min/max float32 pairs, little-endian (peaks.ts `encodePeaks`). */
  @Column('bytea')
  peaks: Buffer;
}
