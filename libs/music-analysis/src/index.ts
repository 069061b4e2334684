/**
 * @originality/music-analysis — the pure-TypeScript analysis engine.
 * Feature extraction: decode → STFT → onsets, tempo, beats, chroma, key, chords, rhythm, vocals, embedding,
 * melody, fingerprints (features.ts). Matching and scoring: per-dimension comparison, prior art, scoring,
 * explanations, the in-memory catalogue index, serialisation and the analysis pipeline (analyse.ts).
 * Test factories (test-signals.ts, match-fixtures.ts) are not part of the public API.
 */
export * from './types';
export * from './constants';
export * from './errors';
export * from './decode';
export * from './stft';
export * from './onset';
export * from './tempo';
export * from './chroma';
export * from './key';
export * from './chords';
export * from './rhythm';
export * from './vocals';
export * from './embedding';
export * from './features';
export * from './melody';
export * from './fingerprint';
export * from './compare-melody';
export * from './compare-harmony';
export * from './compare-chords';
export * from './compare-rhythm';
export * from './compare';
export * from './prior-art';
export * from './score';
export * from './explain';
export * from './catalogue-index';
export * from './serialise';
export * from './analyse';
