import { outboxMigration } from '@originality/platform';
import { UPLOAD_SCHEMA } from '../schema';
import { CreateUploads1732400000000 } from './1732400000000-create-uploads';

/** Migrations of the `upload` schema, oldest first. */
export const UploadMigrations = [outboxMigration(UPLOAD_SCHEMA), CreateUploads1732400000000];
