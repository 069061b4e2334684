import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The one maintenance switch of the whole product (a single row, id 1). */
@Entity({ name: 'maintenance' })
@Check('"id" = 1')
export class Maintenance {
  @PrimaryColumn('smallint')
  id: number;

  @Column('boolean')
  enabled: boolean;

  @Column({ name: 'changed_by', type: 'text', nullable: true })
  changedBy: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
