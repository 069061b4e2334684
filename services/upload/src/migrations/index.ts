import { outboxMigration } from '@originality/platform';
import { UPLOAD_SCHEMA } from '../schema';

/** Migrations of the `upload` schema, oldest first. */
export const UploadMigrations = [outboxMigration(UPLOAD_SCHEMA)];
