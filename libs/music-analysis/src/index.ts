/**
 * @originality/music-analysis — the pure-TypeScript analysis engine.
 * Feature extraction: decode → STFT → onsets, tempo, beats, chroma, key, chords, rhythm, vocals, embedding,
 * melody, fingerprints (features.ts). Matching and scoring: per-dimension comparison, prior art, scoring,
 * explanations, the in-memory catalogue index, serialisation and the analysis pipeline (analyse.ts).
 * Test factories (test-signals.ts, match-fixtures.ts) are not part of the public API.
 */
export * from './types';
export * from './constants';
export * from './io/errors';
export * from './io/decode';
export * from './signal/stft';
export * from './signal/onset';
export * from './signal/tempo';
export * from './signal/chroma';
export * from './signal/key';
export * from './signal/chords';
export * from './signal/rhythm';
export * from './signal/vocals';
export * from './signal/silence';
export * from './signal/embedding';
export * from './pipeline/features';
export * from './signal/melody';
export * from './signal/landmarks';
export * from './matching/landmark-match';
export * from './matching/transformed-match';
export * from './index/fingerprint-index';
export * from './matching/compare-melody';
export * from './matching/compare-harmony';
export * from './matching/progression-codes';
export * from './matching/compare-chords';
export * from './matching/rhythm-code';
export * from './matching/compare-rhythm';
export * from './matching/compare';
export * from './matching/plausible-transforms';
export * from './matching/prior-art';
export * from './matching/null-model';
export * from './matching/calibrate';
export * from './matching/exact-peak';
export * from './matching/peak-overlap';
export * from './matching/score';
export * from './matching/explain';
export * from './index/catalogue-index';
export * from './io/serialise';
export * from './io/catalogue-snapshot';
export * from './pipeline/analyse';
