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
  /**
   * chordProgression and rhythm: how rare the shared pattern is in the catalogue (prior art), 0–1: near 1 when
   * few catalogue tracks use it, near 0 when it is commonplace. Absent in results stored before it existed.
   */
  patternRarity?: number;
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
  /**
   * The tempo at the other metrical level (half or double `tempoBpm`, a third of it in 3/4) when the beat is heard
   * nearly as strongly there: slow songs full of eighth notes and fast ones on a half-time groove are read either way.
   */
  tempoAlternativeBpm?: number;
  durationSec: number;
  /**
   * True when the file holds no sound (its peak below −60 dBFS): nothing was compared, so the scores, 100 % original
   * throughout, say nothing about the music. Absent otherwise.
   */
  silent?: boolean;
  engineVersion: string;
  catalogue: CatalogueDescription;
}

/**
 * Clips shorter than this are often too short for a copy in them to be recognised, so a result without matches does
 * not clear them. Measured with the whole clip analysed on its own against the catalogue (tools/bench/short-clips.ts,
 * the first 20 tracks of the produced recordings and of the own catalogue, tuning split): an excerpt was found at
 * similarity ≥ 80 in 2 and 1 of 20 at 1 s, 11 and 9 at 1.5 s, 15 and 17 at 2 s, 17 and 17 at 3 s, and 20 of 20 from 5 s.
 */
export const SHORT_CLIP_SECONDS = 2;

/** Whether a result is of a clip too short to be compared reliably (SHORT_CLIP_SECONDS); a silent one is not. */
export function isShortClip(result: Pick<AnalysisResults, 'durationSec' | 'silent'>): boolean {
  return !result.silent && result.durationSec > 0 && result.durationSec < SHORT_CLIP_SECONDS;
}

/** The key fields of a result, as the results screen and the PDF report show them. */
export type KeyReading = Pick<AnalysisResults, 'keySignature' | 'keyConfidence' | 'relativeKeyAmbiguity'>;

/**
 * The key in words with how sure the engine is of it: 'C major (confidence 85 %)', 'C major (confidence 20 %,
 * or A minor)'; null when no key was found. The relative major/minor shares every note with the key, so a song
 * that never cadences can be heard in either: naming it tells the reader the reading is a choice between two.
 */
export function keyDescription(key: KeyReading): string | null {
  if (!key.keySignature) return null;
  const notes = [
    ...(key.keyConfidence !== undefined ? [`confidence ${Math.round(100 * key.keyConfidence)} %`] : []),
    ...(key.relativeKeyAmbiguity ? [`or ${key.relativeKeyAmbiguity}`] : []),
  ];
  return notes.length ? `${key.keySignature} (${notes.join(', ')})` : key.keySignature;
}

/** The tempo fields of a result, as the results screen and the PDF report show them. */
export type TempoReading = Pick<AnalysisResults, 'tempoBpm' | 'tempoAlternativeBpm'>;

/**
 * How the alternative tempo relates to the tempo: 'half time', 'double time' or 'one beat per bar' (a third, in 3/4);
 * null when there is none.
 */
export function tempoLevelName({ tempoBpm, tempoAlternativeBpm }: TempoReading): string | null {
  if (!(tempoBpm > 0) || !(tempoAlternativeBpm && tempoAlternativeBpm > 0)) return null;
  const ratio = tempoAlternativeBpm / tempoBpm;
  if (ratio > 1) return 'double time';
  return ratio > 0.4 ? 'half time' : 'one beat per bar';
}

/**
 * The tempo with the other metrical level it could be heard at, to `digits` decimals (whole BPM on the results
 * screen and in the report, tenths in the CLI): '146 BPM', '146 BPM (or 73 at half time)'; null when no beat was
 * found (the engine reports 0: silence, a very short clip, a drone).
 */
export function tempoDescription(reading: TempoReading, digits = 0): string | null {
  if (!(reading.tempoBpm > 0)) return null;
  const tempo = `${reading.tempoBpm.toFixed(digits)} BPM`;
  const level = tempoLevelName(reading);
  return level ? `${tempo} (or ${reading.tempoAlternativeBpm!.toFixed(digits)} at ${level})` : tempo;
}

/** One source of reference tracks, e.g. the generated demo catalogue. */
export interface CatalogueSource {
  /** e.g. 'demo catalogue (generated by the in-repo synthesiser)'. */
  name: string;
  trackCount: number;
  /** The licences its tracks carry, e.g. ['CC0-1.0']. */
  licences: string[];
}

/** What an analysis was compared against (catalogue transparency). */
export interface CatalogueDescription {
  /** Reference tracks searched. */
  size: number;
  version: string;
  /** When the catalogue last changed (ISO 8601); absent in older results. */
  updatedAt?: string;
  /** Where its tracks come from; absent in older results. */
  sources?: CatalogueSource[];
}
