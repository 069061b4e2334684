import { outboxMigration } from '@originality/platform';
import { ADMIN_ANALYTICS_SCHEMA } from '../schema';
import { CreateReadModels1764000000000 } from './1764000000000-create-read-models';

/** Migrations of the `admin_analytics` schema, oldest first. */
export const AdminAnalyticsMigrations = [outboxMigration(ADMIN_ANALYTICS_SCHEMA), CreateReadModels1764000000000];
