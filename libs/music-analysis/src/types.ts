/**
 * The engine's shared vocabulary. Feature extraction (signal → TrackFeatures) and matching
 * (TrackFeatures × catalogue → AnalysisResults) are written against these types only.
 * Times are seconds; pitches are MIDI note numbers (69 = A4 = 440 Hz); pitch classes 0 = C … 11 = B.
 */

/** Decoded mono PCM. */
export interface PcmAudio {
  samples: Float32Array;
  sampleRate: number;
  durationSec: number;
}

/** Magnitude spectrogram, frame-major: frame f, bin k is at `data[f * bins + k]`. */
export interface Spectrogram {
  data: Float32Array;
  frames: number;
  bins: number;
  sampleRate: number;
  fftSize: number;
  hop: number;
}

export type Mode = 'major' | 'minor';

export interface KeyEstimate {
  /** Pitch class of the tonic, 0 = C. */
  tonic: number;
  mode: Mode;
  /** Correlation with the winning profile, −1…1. */
  confidence: number;
  /** e.g. "C major", "F# minor"; empty when the audio has no key (silence, noise: a flat chroma). */
  name: string;
  /**
   * 0–1: how far the winning key's correlation stands above the next best key's (signal/key.ts); 0 when the
   * opening bass chose the key over its relative major/minor's higher correlation (withOpeningBass). Absent on
   * features stored before it existed.
   */
  clarity?: number;
  /** The relative major/minor when its correlation is nearly the winner's (e.g. "A minor" for "C major"). */
  relativeAmbiguity?: string;
}

/** A chord label over a span: root pitch class + quality, or no-chord. */
export interface ChordSegment {
  start: number;
  end: number;
  /** 0–11, or −1 for no-chord. */
  root: number;
  quality: 'maj' | 'min' | 'none';
}

/** A note of the predominant melody. */
export interface MelodyNote {
  start: number;
  duration: number;
  /** MIDI pitch, may be fractional before rounding; notes carry the rounded value. */
  pitch: number;
}

/** Beat-synchronous chroma: `beats` rows of 12 values (row-major), each row L2-normalised. */
export interface BeatChroma {
  data: Float32Array;
  beats: number;
  /** Start time of each beat row. */
  beatTimes: Float32Array;
}

/** Landmark fingerprints: parallel arrays, one entry per landmark. */
export interface Fingerprints {
  /** 32-bit landmark hashes (f1, Δf, Δt). */
  hashes: Uint32Array;
  /** Anchor time of each landmark, in fingerprint frames. */
  times: Uint32Array;
  /** Seconds per fingerprint frame. */
  frameSec: number;
  /**
   * The landmarks this track looks up when it is the query: a superset of `hashes` from denser peaks (see
   * signal/landmarks.ts). Absent on stored catalogue tracks, which then query with `hashes` alone.
   */
  query?: QueryLandmarks;
}

/** A query's landmark lookups: parallel arrays as in Fingerprints. */
export interface QueryLandmarks {
  hashes: Uint32Array;
  times: Uint32Array;
}

/** Everything the engine extracts from one track. Serialisable to Postgres (see serialise.ts). */
export interface TrackFeatures {
  durationSec: number;
  /** 0 when the audio has no beat. May be half or twice the rate of `beats` when the melody says so (tempoForMelody). */
  tempoBpm: number;
  /**
   * The tempo at the metrical level heard nearly as strongly as the beat's (half or double it, a third in triple
   * metre: signal/tempo.ts TEMPO_LEVEL_AMBIGUITY), or the tempo the beats were tracked at when the melody halved it;
   * absent when the beat level is clear.
   */
  tempoAlternativeBpm?: number;
  /** Beat times in seconds, as tracked. */
  beats: Float32Array;
  key: KeyEstimate;
  chords: ChordSegment[];
  melody: MelodyNote[];
  /** 16 steps per bar (4 beats × 4), averaged onset strength over bars, max-normalised. */
  rhythmPattern: Float32Array;
  beatChroma: BeatChroma;
  /** Key- and tempo-invariant embedding for fast retrieval (L2-normalised). */
  embedding: Float32Array;
  fingerprints: Fingerprints;
  /** Share of the track (0–1) estimated to carry a singing voice; see vocals.ts for method and limits. */
  vocalShare: number;
}

/** The five progress stages of spec §4, reported by the analysis pipeline. */
export type ProgressCallback = (stage: import('@originality/contracts').AnalysisStage, fraction: number) => void;

// ---- Matching and scoring (engine-matching) ----

/** What one dimension of a comparison found, before it is put into words (explain.ts adds the sentence). */
export interface DimensionComparison {
  dimension: import('@originality/contracts').MatchDimension;
  /** 0–100. */
  similarity: number;
  segments: import('@originality/contracts').MatchedSegment[];
  transform: import('@originality/contracts').MatchTransform;
  /**
   * chordProgression only: share 0–1 of the shorter progression's chord n-grams that both tracks contain, before
   * rarity weighting — so a high share with a low similarity reads "shared, but common in the catalogue".
   * Absent when either track has no recognised chord change to compare.
   */
  sharedShare?: number;
  /**
   * chordProgression and rhythm: rarity 0–1 of the shared pattern in the catalogue (prior-art.ts), the weight the
   * similarity was multiplied by; absent when nothing is shared.
   */
  patternRarity?: number;
  /**
   * What the null model calibrates (matching/null-model.ts): the dimension's raw score and the size of the space
   * it was the best of (notes × notes, beats × beats; 1 for a single-valued score). Absent when there was nothing
   * to compare.
   */
  evidence?: MatchEvidence;
  /** Set once the comparison is calibrated against the catalogue's null model (matching/calibrate.ts). */
  chance?: import('@originality/contracts').MatchChance;
  /**
   * exactAudio only, before the candidates are judged together (matching/exact-peak.ts): the direct landmark
   * match's offset peak. Dropped once judged.
   */
  peak?: ExactAudioPeak;
  /**
   * melody only, before calibration: the tune read on the beat grid (matching/melody-grid.ts), the second reading
   * of the melody family. Dropped once calibrated (matching/calibrate.ts).
   */
  grid?: MelodyGridReading;
  /** melody only, once calibrated: the beat grid was the stronger of the melody's two readings. */
  onBeatGrid?: boolean;
  /**
   * harmony only, before calibration: the beat chroma read beat by beat (matching/harmony-run.ts), the harmony's
   * second reading beside Qmax. Dropped once calibrated (matching/calibrate.ts).
   */
  run?: HarmonyRunReading;
  /**
   * harmony only, once calibrated: the chance per track by Qmax alone, the chance the harmony may stand alone
   * with; the beat-by-beat run only agrees (matching/calibrate.ts).
   */
  aloneChance?: number;
}

/** The melody read on the beat grid (matching/melody-grid.ts): its evidence, transform and matched stretch. */
export interface MelodyGridReading {
  evidence: MatchEvidence;
  transform: import('@originality/contracts').MatchTransform;
  segments: import('@originality/contracts').MatchedSegment[];
}

/** The harmony read beat by beat (matching/harmony-run.ts): its evidence, transform and matched stretch. */
export type HarmonyRunReading = MelodyGridReading;

/**
 * The direct landmark match's best offset: its votes, the pair's runner-up offset's (anywhere, and within the agreeing
 * run's length of the best: matching/landmark-match.ts OffsetPeak), and where it lies.
 */
export interface ExactAudioPeak {
  votes: number;
  runnerUpVotes: number;
  nearRunnerUpVotes: number;
  /** The agreeing stretch in the query, and the reference time − query time, in seconds. */
  queryStartSec: number;
  queryEndSec: number;
  offsetSec: number;
}

/** A dimension's raw score before calibration, with the search-space size that chance grows with. */
export interface MatchEvidence {
  score: number;
  cells: number;
}

/** A query compared with one reference track: the per-dimension evidence and the combined similarity (score.ts). */
export interface TrackComparison {
  /** 0–100, from `trackSimilarity(dimensions)`. */
  similarity: number;
  dimensions: DimensionComparison[];
}

/** What the catalogue knows about a reference track besides its features (spec §3 Track). */
export interface ReferenceMeta {
  title: string;
  artist: string;
  platform: string;
  releaseYear?: number;
  previewUrl?: string;
}

/** One catalogue track as the index holds it. */
export interface CatalogueEntry {
  id: string;
  meta: ReferenceMeta;
  features: TrackFeatures;
}

/** A comparison with a catalogue track, as returned by `CatalogueIndex.match`. */
export interface ReferenceComparison extends TrackComparison {
  referenceId: string;
  meta: ReferenceMeta;
}
