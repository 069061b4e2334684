import { isShortClip, keyDescription, SHORT_CLIP_SECONDS } from './analysis';

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
