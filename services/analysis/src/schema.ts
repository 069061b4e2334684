/** The Postgres schema the analysis service owns. */
export const ANALYSIS_SCHEMA = 'analysis';
