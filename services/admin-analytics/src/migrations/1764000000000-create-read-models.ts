import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ADMIN_ANALYTICS_SCHEMA as S } from '../schema';

/**
 * The read models. `read_model_generation` names this schema's build of them: a fresh schema gets a
 * new generation, hence a new durable JetStream consumer that replays every event from the start.
 */
export class CreateReadModels1764000000000 implements MigrationInterface {
  name = 'CreateReadModels1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "${S}"."read_model_generation" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now())`);
    await q.query(`INSERT INTO "${S}"."read_model_generation" DEFAULT VALUES`);
    await q.query(`CREATE TABLE "${S}"."registered_user" (
      "user_id" text PRIMARY KEY,
      "email" text,
      "registered_at" timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX "registered_user_registered_at" ON "${S}"."registered_user" ("registered_at")`);
    await q.query(`CREATE TABLE "${S}"."subscription" (
      "user_id" text PRIMARY KEY,
      "status" text NOT NULL,
      "tier" text,
      "changed_at" timestamptz NOT NULL)`);
    await q.query(`CREATE TABLE "${S}"."subscription_change" (
      "event_id" uuid PRIMARY KEY,
      "user_id" text NOT NULL,
      "email" text,
      "action" text NOT NULL,
      "tier" text,
      "at" timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX "subscription_change_at" ON "${S}"."subscription_change" ("at" DESC)`);
    await q.query(`CREATE TABLE "${S}"."upload" (
      "upload_id" uuid PRIMARY KEY,
      "user_id" text NOT NULL,
      "mime_type" text NOT NULL,
      "file_size" bigint NOT NULL,
      "created_at" timestamptz NOT NULL,
      "status" text NOT NULL,
      "analysis_id" uuid NOT NULL,
      "originality_score" real,
      "similar_tracks" integer,
      "deleted_at" timestamptz)`);
    await q.query(`CREATE INDEX "upload_created_at" ON "${S}"."upload" ("created_at") WHERE "deleted_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['upload', 'subscription_change', 'subscription', 'registered_user', 'read_model_generation'])
      await q.query(`DROP TABLE "${S}"."${table}"`);
  }
}
