import {
  FeatureFormatError,
  deserialiseFeatures,
  featuresFromBuffer,
  featuresToBuffer,
  serialiseFeatures,
} from './serialise';
import { aTrack } from '../../testing/match-fixtures';
import { extractFingerprints } from '../signal/landmarks';
import { pcm, sineTone } from '../../testing/test-signals';

describe('feature serialisation', () => {
  // A stored track keeps its stored landmarks only; the denser ones it would look up as a query are not kept.
  const { query: queryLandmarks, ...fingerprints } = extractFingerprints(pcm(sineTone(440, 3)));
  const features = {
    ...aTrack({ seed: 5 }),
    fingerprints,
    vocalShare: 0.25,
  };

  it("stores a track's landmarks without the denser ones it looks up as a query", () => {
    expect(queryLandmarks?.hashes.length).toBeGreaterThan(fingerprints.hashes.length);
    const stored = featuresFromBuffer(
      featuresToBuffer({ ...features, fingerprints: { ...fingerprints, query: queryLandmarks } }),
    );
    expect(stored.fingerprints).toEqual(fingerprints);
  });

  it('round-trips through JSON + blobs', () => {
    const { json, blobs } = serialiseFeatures(features);
    expect(deserialiseFeatures(JSON.parse(JSON.stringify(json)), blobs)).toEqual(features);
  });

  it('keeps the key clarity and relative-key ambiguity, and reads features stored without them', () => {
    const key = { ...features.key, clarity: 0.4, relativeAmbiguity: 'A minor' };
    expect(featuresFromBuffer(featuresToBuffer({ ...features, key })).key).toEqual(key);
    expect(featuresFromBuffer(featuresToBuffer(features)).key).not.toHaveProperty('clarity');
  });

  it('keeps the alternative tempo, reads features stored without it, and refuses a bad one', () => {
    expect(featuresFromBuffer(featuresToBuffer({ ...features, tempoAlternativeBpm: 74.9 })).tempoAlternativeBpm).toBe(
      74.9,
    );
    expect(featuresFromBuffer(featuresToBuffer(features))).not.toHaveProperty('tempoAlternativeBpm');
    const { json, blobs } = serialiseFeatures(features);
    expect(() => deserialiseFeatures({ ...json, tempoAlternativeBpm: -3 }, blobs)).toThrow(/tempoAlternativeBpm/);
  });

  it('round-trips through one buffer', () => {
    expect(featuresFromBuffer(featuresToBuffer(features))).toEqual(features);
  });

  it('refuses truncated or foreign data with a format error', () => {
    const buf = featuresToBuffer(features);
    expect(() => featuresFromBuffer(buf.subarray(0, buf.length - 3))).toThrow(FeatureFormatError);
    const { json, blobs } = serialiseFeatures(features);
    expect(() => deserialiseFeatures({ ...json, formatVersion: 99 }, blobs)).toThrow(FeatureFormatError);
    expect(() => deserialiseFeatures(json, { ...blobs, beatTimes: Buffer.alloc(4) })).toThrow(/disagree/);
  });
});
