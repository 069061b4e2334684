import { int, loadConfig, type ConfigSpec } from '@originality/platform';

/** Settings of the analysis service beyond the common ones (DATABASE_URL, NATS_URL, HTTP_PORT, S3_*…). */
export const analysisConfigSpec = {
  /** How often a worker checks the catalogue version row and rebuilds its index when it moved. */
  CATALOGUE_REFRESH_SEC: { default: 30, parse: int({ min: 1, max: 3600 }) },
  /** Seconds without a heartbeat before a job goes to another worker (a worker heartbeats every third of it). */
  ANALYSIS_JOB_ACK_WAIT_SEC: { default: 30, parse: int({ min: 3, max: 600 }) },
  /** Attempts of one analysis before it is marked failed. */
  ANALYSIS_JOB_MAX_ATTEMPTS: { default: 3, parse: int({ min: 1, max: 10 }) },
  /** Analyses one worker process runs at the same time (each decodes and matches on two threads). */
  ANALYSIS_CONCURRENCY: { default: 1, parse: int({ min: 1, max: 8 }) },
} satisfies ConfigSpec;

export type AnalysisConfig = ReturnType<typeof loadAnalysisConfig>;
export const ANALYSIS_CONFIG = Symbol('ANALYSIS_CONFIG');

export function loadAnalysisConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(analysisConfigSpec, env);
}
