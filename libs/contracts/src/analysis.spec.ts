import { keyDescription } from './analysis';

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
