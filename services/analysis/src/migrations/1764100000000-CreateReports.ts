import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issued reports (what a verification id vouches for) and the per-upload file digests reports print. */
export class CreateReports1764100000000 implements MigrationInterface {
  name = 'CreateReports1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "issued_reports" (
        "verification_id" char(32) PRIMARY KEY,
        "analysis_id" uuid NOT NULL,
        "upload_id" uuid NOT NULL,
        "sha256" char(64) NOT NULL,
        "originality_score" double precision NOT NULL,
        "engine_version" text NOT NULL,
        "catalogue_version" text NOT NULL,
        "issued_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_issued_reports_analysis" UNIQUE ("analysis_id")
      )`);
    await runner.query(`
      CREATE TABLE "song_digests" (
        "upload_id" uuid PRIMARY KEY,
        "sha256" char(64) NOT NULL,
        "size_bytes" bigint NOT NULL,
        "computed_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "song_digests"`);
    await runner.query(`DROP TABLE "issued_reports"`);
  }
}
