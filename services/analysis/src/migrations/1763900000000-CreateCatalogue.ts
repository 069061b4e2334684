import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The reference catalogue: tracks, their extracted features and the catalogue version row. */
export class CreateCatalogue1763900000000 implements MigrationInterface {
  name = 'CreateCatalogue1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "reference_tracks" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "title" text NOT NULL,
        "artist" text NOT NULL,
        "platform" text NOT NULL,
        "release_year" integer,
        "preview_url" text,
        "source" text NOT NULL,
        "licence" text NOT NULL,
        "duration_sec" double precision NOT NULL,
        "content_hash" char(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_reference_tracks_content_hash" UNIQUE ("content_hash")
      )`);
    for (const [table, columns] of [
      [
        'track_descriptors',
        `"engine_version" text NOT NULL, "key_name" text NOT NULL, "tempo_bpm" double precision NOT NULL, "data" jsonb NOT NULL, "series" bytea NOT NULL`,
      ],
      ['track_embeddings', `"dimensions" integer NOT NULL, "vector" bytea NOT NULL`],
      ['track_fingerprints', `"landmark_count" integer NOT NULL, "data" bytea NOT NULL`],
    ] as const) {
      await runner.query(`
        CREATE TABLE "${table}" (
          "track_id" uuid PRIMARY KEY REFERENCES "reference_tracks" ("id") ON DELETE CASCADE,
          ${columns}
        )`);
    }
    await runner.query(`
      CREATE TABLE "catalogue_version" (
        "id" smallint PRIMARY KEY CHECK ("id" = 1),
        "version" integer NOT NULL,
        "track_count" integer NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`INSERT INTO "catalogue_version" ("id", "version", "track_count") VALUES (1, 0, 0)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'catalogue_version',
      'track_fingerprints',
      'track_embeddings',
      'track_descriptors',
      'reference_tracks',
    ]) {
      await runner.query(`DROP TABLE "${table}"`);
    }
  }
}
