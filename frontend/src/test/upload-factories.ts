import type { AnalysisResultView, TrackMatch, UploadPage, UploadView } from '@originality/contracts';

/** An upload as the gateway returns it; override what the test is about. */
export function anUpload(overrides: Partial<UploadView> = {}): UploadView {
  return {
    id: 'up-1',
    filename: 'my-song.mp3',
    originalFilename: 'my-song.mp3',
    fileSize: 3_000_000,
    mimeType: 'audio/mpeg',
    objectPath: 'uploads/user-1/0b0e',
    duration: null,
    createdAt: new Date().toISOString(),
    analysisStatus: 'pending',
    originalityScore: null,
    matchCount: null,
    failureReason: null,
    ...overrides,
  };
}

export const aPage = (uploads: UploadView[], overrides: Partial<UploadPage> = {}): UploadPage => ({
  uploads,
  nextCursor: null,
  total: uploads.length,
  ...overrides,
});

export function aTrackMatch(overrides: Partial<TrackMatch> = {}): TrackMatch {
  return {
    referenceId: 'ref-1',
    title: 'Neon Harbor',
    artist: 'The Examples',
    platform: 'demo catalogue',
    similarity: 91,
    dimensions: [
      {
        dimension: 'melody',
        similarity: 93,
        segments: [{ query: { start: 42, end: 65 }, reference: { start: 70, end: 93 } }],
        transform: { transpositionSemitones: 3, tempoRatio: 0.94 },
        explanation: 'melody of 0:42–1:05 matches 1:10–1:33 of Neon Harbor, +3 semitones, 0.94× tempo',
      },
    ],
    ...overrides,
  };
}

export function aResult(overrides: Partial<AnalysisResultView> = {}): AnalysisResultView {
  return {
    uploadId: 'up-1',
    title: 'my-song.mp3',
    analysedAt: new Date().toISOString(),
    processingMs: 2345,
    originalityScore: 34,
    melodyUniqueness: 12,
    rhythmPattern: 40,
    harmonicStructure: 35,
    chordProgressionUniqueness: 20,
    tempoAnalysis: 55,
    lyricsPercentage: 10,
    keySignature: 'A minor',
    similarTracks: [],
    allMatches: [aTrackMatch()],
    tempoBpm: 120,
    durationSec: 180,
    engineVersion: '1.0.0',
    catalogue: { size: 120, version: 'demo-1' },
    ...overrides,
  };
}
