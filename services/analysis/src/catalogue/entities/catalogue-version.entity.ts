import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * One row that changes whenever the catalogue does. Workers compare it with the version their
 * in-memory index was built from, and rebuild when it moved.
 */
@Entity({ name: 'catalogue_version' })
export class CatalogueVersionEntity {
  /** Always 1: there is one catalogue. */
  @PrimaryColumn('smallint')
  id: number;

  @Column('integer')
  version: number;

  @Column('integer', { name: 'track_count' })
  trackCount: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
