/**
 * Scoring: from per-dimension similarities to one similarity per reference track, and from those to the
 * analysis results of spec §3.
 *
 * The catalogue index calibrates every match against its null model (calibrate.ts): the similarities it returns,
 * per dimension and per track, are read from the chance of a match this strong among the catalogue's tracks.
 * trackSimilarity below is the uncalibrated combination of the fixed-scale dimension scores, which compareTracks
 * still reports (it decides, for instance, which transforms exact reuse is looked for under).
 *
 * Uncalibrated per-track similarity (trackSimilarity):
 *   exactAudio ≥ everything: if the recording itself is reused, the track similarity is at least that score.
 *   Otherwise the musical dimensions are combined as independent evidence of copying ("noisy OR"):
 *     similarity = 100 · (1 − Π_d (1 − w_d · s_d / 100))
 *   where w_d is the most a dimension alone can prove:
 *     melody 0.9 — a melody is what listeners, musicologists and courts take as a song's identity;
 *     harmony 0.35 — the chords as heard carry a song's colour, but Qmax is not rarity-weighted and the
 *       same loop sounds in thousands of songs, so harmony alone proves little more than a rare progression;
 *     chordProgression 0.3 — already weighted by rarity (prior-art.ts), so a shared rare progression counts;
 *     rhythm 0.2 — rarity-weighted too, but grooves are building blocks;
 *     tempo 0.05 — thousands of songs share any tempo.
 *   Harmony and chord progression are one family (the stronger counts), as both come from the same chroma.
 *   So an identical melody alone scores 90 (a "high match"), while the same chord progression under a new
 *   melody — harmony high, progression common, tempo equal — stays below 50.
 */
import type { AnalysisResults, DimensionMatch, MatchDimension, SimilarTrack, TrackMatch } from '@originality/contracts';
import type { DimensionComparison, KeyEstimate, ReferenceComparison, TrackFeatures } from '../types';
import type { PriorArtModel } from './prior-art';
import { clamp } from './match-utils';
import { explainDimension } from './explain';
import { strongerFirst } from './calibrate';

export const DIMENSION_WEIGHTS: Record<Exclude<MatchDimension, 'exactAudio'>, number> = {
  melody: 0.9,
  harmony: 0.35,
  chordProgression: 0.3,
  rhythm: 0.2,
  tempo: 0.05,
};

/** Version of the matching and scoring rules; stored with every result so old results can be told apart. */
export const ENGINE_VERSION = 'music-analysis/1.30.0';

/** Combined 0–100 similarity of one reference track (see the module comment). */
export function trackSimilarity(dimensions: DimensionComparison[]): number {
  let exact = 0;
  let harmonic = 0;
  let missing = 1;
  for (const d of dimensions) {
    const evidence =
      d.dimension === 'exactAudio' ? 0 : DIMENSION_WEIGHTS[d.dimension] * clamp(d.similarity / 100, 0, 1);
    if (d.dimension === 'exactAudio') exact = Math.max(exact, d.similarity);
    else if (HARMONIC_FAMILY.has(d.dimension)) harmonic = Math.max(harmonic, evidence);
    else missing *= 1 - evidence;
  }
  missing *= 1 - harmonic;
  return Math.round(10 * Math.max(exact, 100 * (1 - missing))) / 10;
}

/**
 * Harmony and chord progression both read the chords from the same chromagram: one piece of evidence, not two.
 * Counted as independent, two unrelated songs on the same loop reached 65 (flagged) through them alone; the
 * stronger of the two counts.
 */
const HARMONIC_FAMILY: ReadonlySet<MatchDimension> = new Set(['harmony', 'chordProgression']);

/**
 * Soft maximum of the track similarities, T·ln Σ exp(s/T) with T = 3, capped at 100: one strong match
 * counts fully, and n equally strong matches count at most T·ln n more (20 matches: +9 points). A track at 0
 * matched in nothing and adds nothing: counted, the 20 candidates a silent query is compared with would make
 * it 91 % original instead of 100.
 */
export const SOFT_MAX_TEMPERATURE = 3;

export function softMaximum(similarities: number[]): number {
  const matched = similarities.filter((s) => s > 0);
  if (matched.length === 0) return 0;
  const top = Math.max(...matched);
  let sum = 0;
  for (const s of matched) sum += Math.exp((s - top) / SOFT_MAX_TEMPERATURE);
  return Math.min(100, top + SOFT_MAX_TEMPERATURE * Math.log(sum));
}

/**
 * Tracks listed in similarTracks reach at least this similarity: a track whose only evidence is tempo and
 * rhythm (at most 1 − 0.95 · 0.8 = 24) is not listed; it still appears in allMatches.
 */
export const SIMILAR_TRACK_FLOOR = 25;

export interface ScoreInput {
  query: TrackFeatures;
  matches: ReferenceComparison[];
  priorArt: PriorArtModel;
  catalogue: { size: number; version: string };
}

/**
 * The analysis results. Sub-scores are uniqueness: 100 − the highest similarity of that dimension among the
 * compared tracks. tempoAnalysis is the share of the catalogue at a different tempo (prior art), because a
 * tempo is never unique to one song: 100 = no catalogue track within the tempo tolerance.
 */
export function buildAnalysisResults(input: ScoreInput): AnalysisResults {
  const { query, priorArt, catalogue } = input;
  const matches = [...input.matches].sort(strongerFirst);
  const allMatches = matches.filter((m) => m.similarity > 0).map(toTrackMatch);
  const uniqueness = (dimension: MatchDimension): number =>
    Math.round(
      100 - Math.max(0, ...matches.map((m) => m.dimensions.find((d) => d.dimension === dimension)?.similarity ?? 0)),
    );
  return {
    originalityScore: Math.round(100 - softMaximum(matches.map((m) => m.similarity))),
    melodyUniqueness: uniqueness('melody'),
    rhythmPattern: uniqueness('rhythm'),
    harmonicStructure: uniqueness('harmony'),
    chordProgressionUniqueness: uniqueness('chordProgression'),
    tempoAnalysis: Math.round(100 * (1 - priorArt.tempoShare(query.tempoBpm))),
    lyricsPercentage: Math.round(clamp(query.vocalShare, 0, 1) * 100),
    keySignature: query.key.name || undefined,
    ...keyCertainty(query.key),
    similarTracks: allMatches.filter((m) => m.similarity >= SIMILAR_TRACK_FLOOR).map(toSimilarTrack),
    allMatches,
    tempoBpm: Math.round(query.tempoBpm * 10) / 10,
    ...(query.tempoAlternativeBpm !== undefined && { tempoAlternativeBpm: query.tempoAlternativeBpm }),
    durationSec: Math.round(query.durationSec * 10) / 10,
    engineVersion: ENGINE_VERSION,
    catalogue: { size: catalogue.size, version: catalogue.version },
  };
}

function toTrackMatch(m: ReferenceComparison): TrackMatch {
  const dimensions: DimensionMatch[] = m.dimensions.map((d) => ({
    dimension: d.dimension,
    similarity: Math.round(d.similarity),
    segments: d.segments,
    transform: d.transform,
    ...(d.chance && { chance: d.chance }),
    explanation: explainDimension(d, m.meta),
    ...(d.patternRarity === undefined ? {} : { patternRarity: Math.round(d.patternRarity * 1000) / 1000 }),
  }));
  return { ...toSimilarTrack(m), referenceId: m.referenceId, dimensions };
}

function toSimilarTrack(m: ReferenceComparison | TrackMatch): SimilarTrack {
  const meta = 'meta' in m ? m.meta : m;
  const track: SimilarTrack = {
    title: meta.title,
    artist: meta.artist,
    platform: meta.platform,
    similarity: Math.round(m.similarity),
  };
  if (meta.releaseYear !== undefined) track.releaseYear = meta.releaseYear;
  if (meta.previewUrl !== undefined) track.previewUrl = meta.previewUrl;
  return track;
}

/** The key's clarity and relative-key ambiguity as the results report them (absent when the engine gave none). */
function keyCertainty(key: KeyEstimate): Pick<AnalysisResults, 'keyConfidence' | 'relativeKeyAmbiguity'> {
  return {
    ...(key.clarity !== undefined && { keyConfidence: key.clarity }),
    ...(key.relativeAmbiguity !== undefined && { relativeKeyAmbiguity: key.relativeAmbiguity }),
  };
}
