/**
 * Compares a query track with one reference track in every dimension and combines the result (score.ts).
 */
import type { DimensionComparison, TrackComparison, TrackFeatures } from '../types';
import type { PriorArtModel } from './prior-art';
import { compareMelodies } from './compare-melody';
import { compareHarmony } from './compare-harmony';
import { compareChordProgressions } from './compare-chords';
import { compareRhythm, compareTempo } from './compare-rhythm';
import { matchFingerprints } from './landmark-match';
import { IDENTITY_TRANSFORM, clamp, percent, segment } from './match-utils';
import { trackSimilarity } from './score';

/** Fewer agreeing landmarks than this is chance (measured: unrelated 10 s excerpts reach 6–15 with shared chords). */
export const MIN_EXACT_VOTES = 16;
/**
 * Share of the query's landmarks (within the matched span) that must agree for a full score. Measured on a
 * 10 s excerpt: ≈ 65–75 % survive when clean or re-encoded as 64 kbit/s MP3, ≈ 25 % under 10 dB SNR white
 * noise, so 20 % still counts a noisy copy as the same recording.
 */
export const FULL_EXACT_COVERAGE = 0.2;
/**
 * Seconds of agreeing audio: up to 3 is chance (the same synthetic note in the same timbre agrees within
 * 1–2 s, measured on unrelated renders; unrelated pieces with the same drum kit reach 3 s); 5 earns a full
 * score — a 5 s identical stretch is a sample. The score rises linearly in between, so a span at the chance
 * level counts nothing rather than a full coverage-weighted 60 (two originals in the full evaluation scored
 * exactly 60 that way against unrelated catalogue pieces).
 */
export const MIN_EXACT_SECONDS = 3;
export const FULL_EXACT_SECONDS = 5;

export function compareExactAudio(query: TrackFeatures, ref: TrackFeatures): DimensionComparison {
  const none: DimensionComparison = {
    dimension: 'exactAudio',
    similarity: 0,
    segments: [],
    transform: IDENTITY_TRANSFORM,
  };
  const q = query.fingerprints;
  if (q.hashes.length === 0 || ref.fingerprints.hashes.length === 0) return none;
  const m = matchFingerprints(q, ref.fingerprints);
  if (m.votes < MIN_EXACT_VOTES || m.matchedSeconds < MIN_EXACT_SECONDS) return none;
  const frameSec = q.frameSec;
  const coverage = m.votes / Math.max(1, m.queryLandmarksInSpan);
  const similarity = percent(
    clamp(coverage / FULL_EXACT_COVERAGE, 0, 1) *
      clamp((m.matchedSeconds - MIN_EXACT_SECONDS) / (FULL_EXACT_SECONDS - MIN_EXACT_SECONDS), 0, 1),
  );
  const qStart = m.queryStart * frameSec;
  const qEnd = m.queryEnd * frameSec;
  const rStart = (m.queryStart + m.offset) * ref.fingerprints.frameSec;
  return {
    dimension: 'exactAudio',
    similarity,
    segments: similarity > 0 ? [segment(qStart, qEnd, rStart, rStart + (qEnd - qStart))] : [],
    transform: IDENTITY_TRANSFORM,
  };
}

/** Every dimension of query vs reference, and the combined similarity. */
export function compareTracks(query: TrackFeatures, ref: TrackFeatures, priorArt: PriorArtModel): TrackComparison {
  const dimensions: DimensionComparison[] = [
    compareMelodies(query.melody, ref.melody),
    compareHarmony(query.beatChroma, ref.beatChroma),
    compareChordProgressions(query, ref, priorArt),
    compareRhythm(query, ref, priorArt),
    compareTempo(query, ref),
    compareExactAudio(query, ref),
  ];
  return { similarity: trackSimilarity(dimensions), dimensions };
}
