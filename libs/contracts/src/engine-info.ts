/**
 * What the analysis engine of this installation matches against: its version and the catalogue its
 * workers hold. Shown in the developer testing panel's debug info (spec §2, in place of the original's
 * third-party key) so a tester knows which engine and how many reference tracks a result came from.
 */
export interface EngineInfo {
  /** e.g. 'music-analysis/1.3.0'. */
  engineVersion: string;
  catalogue: {
    /** Reference tracks in the index analyses are matched against. */
    size: number;
    /** Changes whenever the set of tracks changes. */
    version: string;
  };
}

export const EngineInfoSubjects = {
  /** (no data, signed-in caller) → EngineInfo, answered by the analysis service. */
  get: 'analysis.engine-info.get',
} as const;
