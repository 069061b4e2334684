/** Spec §3 Track, with the engine's evidence of where and how it matches. */
export interface SimilarTrack {
  title: string;
  artist: string;
  platform: string;
  releaseYear?: number;
  /** 0–100. */
  similarity: number;
  previewUrl?: string;
}

/** Musical dimensions the engine compares. */
export type MatchDimension = 'melody' | 'harmony' | 'chordProgression' | 'rhythm' | 'tempo' | 'exactAudio';

/** A time range in seconds. */
export interface TimeRange {
  start: number;
  end: number;
}

/** A matched segment: where in the query and where in the reference track. */
export interface MatchedSegment {
  query: TimeRange;
  reference: TimeRange;
}

/** The transform under which the match holds. */
export interface MatchTransform {
  /** Semitones applied to the reference to reach the query (−6…+6). */
  transpositionSemitones: number;
  /** Query tempo / reference tempo. */
  tempoRatio: number;
}

/**
 * How likely a match this strong is between unrelated tracks, from a null model drawn from the catalogue itself
 * (as BLAST turns an alignment score into an E-value).
 */
export interface MatchChance {
  /** Probability that one unrelated track of similar length and density reaches a match this strong. */
  perTrack: number;
  /** Expected number of catalogue tracks reaching it by chance (perTrack × catalogue size). */
  inCatalogue: number;
}

export interface DimensionMatch {
  dimension: MatchDimension;
  /** 0–100. */
  similarity: number;
  /** Present once the engine calibrates this dimension against its null model. */
  chance?: MatchChance;
  segments: MatchedSegment[];
  transform: MatchTransform;
  /** One plain-language sentence, e.g. "melody of 0:42–1:05 matches 1:10–1:33 of X, +3 semitones, 0.94× tempo". */
  explanation: string;
}

/** A similar track with the per-dimension evidence. */
export interface TrackMatch extends SimilarTrack {
  referenceId: string;
  dimensions: DimensionMatch[];
}

/** The five progress stages of spec §4 (progress card). */
export const ANALYSIS_STAGES = [
  'initializing',
  'extracting audio features',
  'analyzing melody patterns',
  'comparing with database',
  'calculating originality score',
] as const;
export type AnalysisStage = (typeof ANALYSIS_STAGES)[number];

/** Spec §3 Analysis results plus the engine's extra fields. All percentages are 0–100. */
export interface AnalysisResults {
  originalityScore: number;
  melodyUniqueness: number;
  rhythmPattern: number;
  harmonicStructure: number;
  chordProgressionUniqueness: number;
  tempoAnalysis: number;
  lyricsPercentage: number;
  keySignature?: string;
  /** 0–1: how clearly the audio points at `keySignature` rather than the next best key. */
  keyConfidence?: number;
  /** The relative major/minor when the two are hard to tell apart (e.g. 'A minor' for 'C major'). */
  relativeKeyAmbiguity?: string;
  similarTracks: SimilarTrack[];
  allMatches: TrackMatch[];
  tempoBpm: number;
  durationSec: number;
  engineVersion: string;
  catalogue: { size: number; version: string };
}
