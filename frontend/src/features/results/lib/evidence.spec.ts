import { chanceText, priorArtText, transformText } from './evidence';

describe('evidence in words', () => {
  it('writes the transform as a creator reads it', () => {
    expect(transformText({ transpositionSemitones: 3, tempoRatio: 0.94 })).toBe('+3 semitones, 0.94× tempo');
    expect(transformText({ transpositionSemitones: -1, tempoRatio: 1 })).toBe('−1 semitone');
    expect(transformText({ transpositionSemitones: 0, tempoRatio: 1.052 })).toBe('1.05× tempo');
    expect(transformText({ transpositionSemitones: 0, tempoRatio: 1.002 })).toBe('same key and tempo');
  });

  it('says how likely a match this close is by chance', () => {
    expect(chanceText({ perTrack: 0.00004, inCatalogue: 0.008 })).toBe(
      'A match this close happens by chance in fewer than 1 in 10,000 tracks.',
    );
    expect(chanceText({ perTrack: 0.003, inCatalogue: 0.6 })).toMatch(/fewer than 1 in 100 tracks/);
    expect(chanceText({ perTrack: 0.2, inCatalogue: 40 })).toBe(
      'A match this close happens by chance in about 20% of tracks.',
    );
    expect(chanceText({ perTrack: 0.7, inCatalogue: 140 })).toMatch(/common/);
    expect(chanceText({ perTrack: 0, inCatalogue: 0 })).toMatch(/never seen/);
  });

  it('tells a rare shared progression or rhythm from a common one, and only for those two', () => {
    expect(priorArtText({ dimension: 'chordProgression', patternRarity: 0.9 })).toMatch(/progression is rare/);
    expect(priorArtText({ dimension: 'rhythm', patternRarity: 0.1 })).toMatch(/rhythm pattern is common/);
    expect(priorArtText({ dimension: 'rhythm', patternRarity: 0.45 })).toMatch(/moderately common/);
    expect(priorArtText({ dimension: 'melody', patternRarity: 0.9 })).toBeNull();
    expect(priorArtText({ dimension: 'chordProgression' })).toBeNull();
  });
});
