import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Roles that are stored; the super administrator comes from configuration instead. */
export type StoredRole = 'user' | 'admin';

@Entity({ name: 'user' })
export class User {
  /** The identity provider's subject, a string. */
  @PrimaryColumn('text')
  id: string;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName: string | null;

  /** Unique regardless of case (index on lower(username)). */
  @Column({ type: 'text', nullable: true })
  username: string | null;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl: string | null;

  @Column({ type: 'text', default: 'user' })
  role: StoredRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
