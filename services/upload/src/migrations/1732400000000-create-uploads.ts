import type { MigrationInterface, QueryRunner } from 'typeorm';
import { UPLOAD_SCHEMA as S } from '../schema';

export class CreateUploads1732400000000 implements MigrationInterface {
  name = 'CreateUploads1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "${S}"."upload" (
      "id" uuid PRIMARY KEY,
      "user_id" text NOT NULL,
      "user_email" text,
      "filename" text NOT NULL,
      "original_filename" text NOT NULL,
      "file_size" integer NOT NULL CHECK ("file_size" > 0),
      "mime_type" text NOT NULL,
      "object_path" text NOT NULL UNIQUE,
      "duration" double precision,
      "analysis_id" uuid NOT NULL,
      "analysis_status" text NOT NULL DEFAULT 'pending'
        CHECK ("analysis_status" IN ('pending', 'analyzing', 'completed', 'failed')),
      "originality_score" double precision,
      "match_count" integer,
      "failure_reason" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now())`);
    // The history: a user's uploads newest first, paged by (created_at, id).
    await q.query(`CREATE INDEX "upload_user_history" ON "${S}"."upload" ("user_id", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE TABLE "${S}"."monthly_usage" (
      "user_id" text NOT NULL,
      "month" date NOT NULL,
      "analyses" integer NOT NULL DEFAULT 0 CHECK ("analyses" >= 0),
      PRIMARY KEY ("user_id", "month"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}"."monthly_usage"`);
    await q.query(`DROP TABLE "${S}"."upload"`);
  }
}
