/** The Postgres schema the admin-analytics service owns. */
export const ADMIN_ANALYTICS_SCHEMA = 'admin_analytics';
