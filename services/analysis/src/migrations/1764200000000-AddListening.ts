import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listening to the matched passages: each run's waveform peaks, and where a reference track's audio is kept
 * in object storage when its licence allows playback.
 */
export class AddListening1764200000000 implements MigrationInterface {
  name = 'AddListening1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "run_waveforms" (
        "analysis_id" uuid PRIMARY KEY REFERENCES "analysis_runs" ("analysis_id") ON DELETE CASCADE,
        "duration_sec" double precision NOT NULL,
        "peaks" bytea NOT NULL
      )`);
    await runner.query(`ALTER TABLE "reference_tracks" ADD COLUMN "audio_key" text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "reference_tracks" DROP COLUMN "audio_key"`);
    await runner.query(`DROP TABLE "run_waveforms"`);
  }
}
