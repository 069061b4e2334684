import { int, loadConfig, type ConfigSpec } from '@originality/platform';

/** Settings of the analysis service beyond the common ones (DATABASE_URL, NATS_URL, HTTP_PORT…). */
export const analysisConfigSpec = {
  /** How often a worker checks the catalogue version row and rebuilds its index when it moved. */
  CATALOGUE_REFRESH_SEC: { default: 30, parse: int({ min: 1, max: 3600 }) },
} satisfies ConfigSpec;

export type AnalysisConfig = ReturnType<typeof loadAnalysisConfig>;
export const ANALYSIS_CONFIG = Symbol('ANALYSIS_CONFIG');

export function loadAnalysisConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(analysisConfigSpec, env);
}
