import { isShortClip, keyDescription, SHORT_CLIP_SECONDS, tempoDescription, tempoLevelName } from './analysis';

describe('keyDescription', () => {
  it('names the key with its confidence as a percentage and the relative key it could also be', () => {
    expect(keyDescription({ keySignature: 'C major', keyConfidence: 0.853, relativeKeyAmbiguity: 'A minor' })).toBe(
      'C major (confidence 85 %, or A minor)',
    );
    expect(keyDescription({ keySignature: 'E minor', keyConfidence: 1 })).toBe('E minor (confidence 100 %)');
  });

  it('gives the bare key for results stored before the confidence existed, and null without a key', () => {
    expect(keyDescription({ keySignature: 'D minor' })).toBe('D minor');
    expect(keyDescription({})).toBeNull();
  });
});

describe('tempoDescription', () => {
  it('names the other metrical level the tempo could be heard at', () => {
    expect(tempoDescription({ tempoBpm: 145.6, tempoAlternativeBpm: 72.8 })).toBe('146 BPM (or 73 at half time)');
    expect(tempoDescription({ tempoBpm: 76, tempoAlternativeBpm: 152 })).toBe('76 BPM (or 152 at double time)');
    expect(tempoDescription({ tempoBpm: 150, tempoAlternativeBpm: 50 })).toBe('150 BPM (or 50 at one beat per bar)');
  });

  it('gives the bare tempo when the beat is clear, and null when no beat was found', () => {
    expect(tempoDescription({ tempoBpm: 119.6 })).toBe('120 BPM');
    expect(tempoDescription({ tempoBpm: 0, tempoAlternativeBpm: 60 })).toBeNull();
    expect(tempoLevelName({ tempoBpm: 120 })).toBeNull();
  });
});

describe('isShortClip', () => {
  it('is true below the length a copy needs to be recognised, and false from it on', () => {
    expect(isShortClip({ durationSec: 1.5 })).toBe(true);
    expect(isShortClip({ durationSec: SHORT_CLIP_SECONDS })).toBe(false);
    expect(isShortClip({ durationSec: 180 })).toBe(false);
  });

  it('leaves a silent file to its own notice, and a result without a duration alone', () => {
    expect(isShortClip({ durationSec: 0.5, silent: true })).toBe(false);
    expect(isShortClip({ durationSec: 0 })).toBe(false);
  });
});
