import {
  DIMENSION_WEIGHTS,
  ENGINE_VERSION,
  SIMILAR_TRACK_FLOOR,
  buildAnalysisResults,
  softMaximum,
  trackSimilarity,
} from './score';
import { buildPriorArt } from './prior-art';
import { explainDimension, clock } from './explain';
import { aTrack } from '../../testing/match-fixtures';
import type { DimensionComparison, ReferenceComparison } from '../types';
import type { MatchDimension } from '@originality/contracts';

const D = (dimension: MatchDimension, similarity: number): DimensionComparison => ({
  dimension,
  similarity,
  segments: [{ query: { start: 42, end: 65 }, reference: { start: 70, end: 93 } }],
  transform: { transpositionSemitones: 3, tempoRatio: 0.94 },
});
const dims = (s: Partial<Record<MatchDimension, number>>): DimensionComparison[] =>
  (['melody', 'harmony', 'chordProgression', 'rhythm', 'tempo', 'exactAudio'] as const).map((d) => D(d, s[d] ?? 0));

const ref = (id: string, similarity: number, s: Partial<Record<MatchDimension, number>>): ReferenceComparison => ({
  referenceId: id,
  meta: { title: `Song ${id}`, artist: 'Artist', platform: 'Spotify', releaseYear: 2001 },
  similarity,
  dimensions: dims(s),
});

describe('trackSimilarity', () => {
  it('lets reused audio dominate', () => {
    expect(trackSimilarity(dims({ exactAudio: 97, melody: 10 }))).toBe(97);
  });

  it('combines dimensions as independent evidence: 1 − Π(1 − w·s)', () => {
    const s = trackSimilarity(dims({ melody: 50, harmony: 80, tempo: 100 }));
    const expected =
      100 *
      (1 -
        (1 - DIMENSION_WEIGHTS.melody * 0.5) * (1 - DIMENSION_WEIGHTS.harmony * 0.8) * (1 - DIMENSION_WEIGHTS.tempo));
    expect(s).toBeCloseTo(expected, 1);
  });

  it('makes an identical melody alone a high match and a shared common progression alone not', () => {
    expect(trackSimilarity(dims({ melody: 100 }))).toBeGreaterThanOrEqual(80);
    expect(trackSimilarity(dims({ harmony: 100, chordProgression: 30, rhythm: 40, tempo: 100 }))).toBeLessThan(60);
  });

  it('counts harmony and chord progression as one piece of evidence, the stronger of the two', () => {
    const both = trackSimilarity(dims({ harmony: 100, chordProgression: 100 }));
    expect(both).toBeCloseTo(100 * DIMENSION_WEIGHTS.harmony, 1);
    expect(trackSimilarity(dims({ harmony: 100, chordProgression: 100, rhythm: 100, tempo: 100 }))).toBeLessThan(60);
  });

  it('never exceeds 100 and is 0 without evidence', () => {
    expect(
      trackSimilarity(dims({ melody: 100, harmony: 100, chordProgression: 100, rhythm: 100, tempo: 100 })),
    ).toBeLessThanOrEqual(100);
    expect(trackSimilarity(dims({}))).toBe(0);
  });
});

describe('softMaximum', () => {
  it('is the maximum for one track and grows by at most T·ln n for n equal tracks', () => {
    expect(softMaximum([70])).toBe(70);
    expect(softMaximum([])).toBe(0);
    expect(softMaximum([0, 0, 0])).toBe(0); // tracks matched in nothing add nothing
    expect(softMaximum([50, 50, 0, 0])).toBeCloseTo(50 + 3 * Math.log(2), 5);
    expect(softMaximum([50, 50])).toBeCloseTo(50 + 3 * Math.log(2), 5);
    expect(softMaximum([90, 10])).toBeCloseTo(90, 1);
    expect(softMaximum([99, 99, 99])).toBe(100);
  });
});

describe('buildAnalysisResults', () => {
  const query = { ...aTrack({ seed: 1, bpm: 120 }), vocalShare: 0.374 };
  const priorArt = buildPriorArt([
    aTrack({ seed: 2, bpm: 120 }),
    aTrack({ seed: 3, bpm: 90 }),
    aTrack({ seed: 4, bpm: 100 }),
    aTrack({ seed: 5, bpm: 140 }),
  ]);
  const results = buildAnalysisResults({
    query,
    priorArt,
    catalogue: { size: 4, version: '4-abc' },
    matches: [
      ref('b', 20, { rhythm: 60, tempo: 100 }),
      ref('a', 85, { melody: 90, harmony: 40, chordProgression: 12 }),
      ref('c', 0, {}),
    ],
  });

  it('derives originality from the strongest matches and sub-scores from each dimension', () => {
    expect(results.originalityScore).toBe(Math.round(100 - softMaximum([85, 20, 0])));
    expect(results.melodyUniqueness).toBe(10);
    expect(results.harmonicStructure).toBe(60);
    expect(results.chordProgressionUniqueness).toBe(88);
    expect(results.rhythmPattern).toBe(40);
    expect(results.lyricsPercentage).toBe(37);
    expect(results.keySignature).toBe('C major');
  });

  it('scores tempo by how many catalogue tracks share it', () => {
    expect(results.tempoAnalysis).toBe(75); // 1 of 4 catalogue tracks at 120 BPM (140 is 17 % away)
  });

  it('reports the other metrical level of the tempo only when the engine heard one', () => {
    expect(results).not.toHaveProperty('tempoAlternativeBpm');
    const input = { priorArt, catalogue: { size: 4, version: 'v' }, matches: [] };
    const ambiguous = buildAnalysisResults({ ...input, query: { ...query, tempoBpm: 150, tempoAlternativeBpm: 75 } });
    expect(ambiguous).toMatchObject({ tempoBpm: 150, tempoAlternativeBpm: 75 });
  });

  it('lists similar tracks sorted, above the floor, with spec Track fields; all matches carry explanations', () => {
    expect(results.similarTracks).toEqual([
      { title: 'Song a', artist: 'Artist', platform: 'Spotify', releaseYear: 2001, similarity: 85 },
    ]);
    expect(SIMILAR_TRACK_FLOOR).toBeGreaterThan(20);
    expect(results.allMatches.map((m) => m.referenceId)).toEqual(['a', 'b']);
    expect(results.allMatches[0].dimensions[0].explanation).toBe(
      'Melody of 0:42–1:05 matches 1:10–1:33 of "Song a" by Artist, +3 semitones, 0.94× tempo (90% similar).',
    );
    expect(results.engineVersion).toBe(ENGINE_VERSION);
    expect(results.catalogue).toEqual({ size: 4, version: '4-abc' });
  });

  it('gives a track with no matches full originality', () => {
    const r = buildAnalysisResults({ query, priorArt, catalogue: { size: 4, version: 'v' }, matches: [] });
    expect(r.originalityScore).toBe(100);
    expect(r.melodyUniqueness).toBe(100);
    expect(r.similarTracks).toEqual([]);
  });
});

describe('explainDimension', () => {
  const meta = { title: 'X', artist: 'Y', platform: 'Spotify' };
  it('says when a dimension does not match', () => {
    expect(explainDimension(D('rhythm', 0), meta)).toBe('Rhythm pattern: no match with "X" by Y.');
  });
  it('describes reused audio with both time ranges, and the transform when there is one', () => {
    expect(explainDimension(D('exactAudio', 100), meta)).toBe(
      'Audio of 0:42–1:05 is the same recording as 1:10–1:33 of "X" by Y, +3 semitones, 0.94× tempo (100% similar).',
    );
    const untransformed = { ...D('exactAudio', 100), transform: { transpositionSemitones: 0, tempoRatio: 1 } };
    expect(explainDimension(untransformed, meta)).toBe(
      'Audio of 0:42–1:05 is the same recording as 1:10–1:33 of "X" by Y (100% similar).',
    );
  });
  it('formats clock times', () => {
    expect(clock(65.4)).toBe('1:05');
  });
});
