import type { AnalysisResults, DimensionMatch, TrackMatch } from '@originality/contracts';

/** Test factories for stored results (not used by the service itself). */
export function aDimension(overrides: Partial<DimensionMatch> = {}): DimensionMatch {
  return {
    dimension: 'melody',
    similarity: 91,
    segments: [{ query: { start: 42, end: 65 }, reference: { start: 70, end: 93 } }],
    transform: { transpositionSemitones: 3, tempoRatio: 0.94 },
    explanation: 'Melody of 0:42–1:05 matches 1:10–1:33 of "Blue Hour", +3 semitones, 0.94× tempo (91%).',
    ...overrides,
  };
}

export function aTrackMatch(overrides: Partial<TrackMatch> = {}): TrackMatch {
  return {
    referenceId: 'ref-blue-hour',
    title: 'Blue Hour',
    artist: 'Demo Ensemble',
    platform: 'Demo catalogue',
    releaseYear: 2024,
    similarity: 88,
    dimensions: [aDimension()],
    ...overrides,
  };
}

export function aResult(overrides: Partial<AnalysisResults> = {}): AnalysisResults {
  const allMatches = overrides.allMatches ?? [aTrackMatch()];
  return {
    originalityScore: 42,
    melodyUniqueness: 30,
    rhythmPattern: 70,
    harmonicStructure: 55,
    chordProgressionUniqueness: 61,
    tempoAnalysis: 80,
    lyricsPercentage: 12,
    keySignature: 'D minor',
    similarTracks: allMatches.map(({ title, artist, platform, similarity }) => ({
      title,
      artist,
      platform,
      similarity,
    })),
    allMatches,
    tempoBpm: 118.4,
    durationSec: 183.2,
    engineVersion: 'music-analysis/1.3.0',
    catalogue: { size: 210, version: '17' },
    ...overrides,
  };
}
