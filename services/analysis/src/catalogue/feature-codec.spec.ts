import { FeatureFormatError } from '@originality/music-analysis';
// The engine's test factory: a plausible TrackFeatures without decoding audio.
import { aTrack, I_V_vi_IV } from '../../../../libs/music-analysis/testing/match-fixtures';
import { fromStoredFeatures, packBlobs, toStoredFeatures, unpackBlobs } from './feature-codec';

describe('catalogue feature storage', () => {
  const features = aTrack({ seed: 7, progression: I_V_vi_IV });

  it('gives back the same features it stored', () => {
    const stored = toStoredFeatures(features);
    expect(stored.keyName).toBe(features.key.name);
    expect(stored.landmarkCount).toBe(features.fingerprints.hashes.length);
    expect(fromStoredFeatures(stored)).toEqual(features);
  });

  it('refuses fingerprints whose length disagrees with the landmark count', () => {
    const stored = toStoredFeatures(features);
    expect(() => fromStoredFeatures({ ...stored, landmarkCount: stored.landmarkCount + 1 })).toThrow(
      FeatureFormatError,
    );
  });

  it('refuses truncated or padded series', () => {
    const packed = packBlobs([Buffer.from([1, 2, 3, 4]), Buffer.alloc(0)]);
    expect(unpackBlobs(packed, 2).map((b) => b.length)).toEqual([4, 0]);
    expect(() => unpackBlobs(packed.subarray(0, 6), 2)).toThrow('truncated');
    expect(() => unpackBlobs(Buffer.concat([packed, Buffer.from([0])]), 2)).toThrow('trailing bytes');
  });
});
