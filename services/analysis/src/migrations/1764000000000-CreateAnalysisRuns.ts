import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Analysis runs: one row per analysis id with the job's state and its full result. */
export class CreateAnalysisRuns1764000000000 implements MigrationInterface {
  name = 'CreateAnalysisRuns1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "analysis_runs" (
        "analysis_id" uuid PRIMARY KEY,
        "upload_id" uuid NOT NULL,
        "user_id" text NOT NULL,
        "object_path" text NOT NULL,
        "title" text NOT NULL,
        "status" text NOT NULL CHECK ("status" IN ('queued', 'analyzing', 'completed', 'failed')),
        "results" jsonb,
        "failure_reason" text,
        "processing_ms" integer,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz
      )`);
    await runner.query(`CREATE INDEX "IDX_analysis_runs_upload" ON "analysis_runs" ("upload_id", "created_at")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "analysis_runs"`);
  }
}
