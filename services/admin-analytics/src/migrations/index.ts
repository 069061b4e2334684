import { outboxMigration } from '@originality/platform';
import { ADMIN_ANALYTICS_SCHEMA } from '../schema';

/** Migrations of the `admin_analytics` schema, oldest first. */
export const AdminAnalyticsMigrations = [outboxMigration(ADMIN_ANALYTICS_SCHEMA)];
