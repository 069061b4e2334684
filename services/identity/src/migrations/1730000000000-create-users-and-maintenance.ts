import type { MigrationInterface, QueryRunner } from 'typeorm';
import { IDENTITY_SCHEMA as S } from '../schema';

export class CreateUsersAndMaintenance1730000000000 implements MigrationInterface {
  name = 'CreateUsersAndMaintenance1730000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "${S}"."user" (
      "id" text PRIMARY KEY,
      "email" text,
      "first_name" text,
      "last_name" text,
      "username" text,
      "profile_image_url" text,
      "role" text NOT NULL DEFAULT 'user' CHECK ("role" IN ('user', 'admin')),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE UNIQUE INDEX "user_username_unique" ON "${S}"."user" (lower("username"))`);
    await q.query(`CREATE INDEX "user_created_at" ON "${S}"."user" ("created_at")`);
    await q.query(`CREATE TABLE "${S}"."maintenance" (
      "id" smallint PRIMARY KEY CHECK ("id" = 1),
      "enabled" boolean NOT NULL,
      "changed_by" text,
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await q.query(`INSERT INTO "${S}"."maintenance" ("id", "enabled") VALUES (1, false)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}"."maintenance"`);
    await q.query(`DROP TABLE "${S}"."user"`);
  }
}
