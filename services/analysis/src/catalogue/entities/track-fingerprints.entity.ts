import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The track's landmark fingerprints, packed by the engine (hashes and anchor times). */
@Entity({ name: 'track_fingerprints' })
export class TrackFingerprintsEntity {
  @PrimaryColumn('uuid', { name: 'track_id' })
  trackId: string;

  @Column('integer', { name: 'landmark_count' })
  landmarkCount: number;

  @Column('bytea')
  data: Buffer;
}
