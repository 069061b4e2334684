import {
  deserialiseFeatures,
  ENGINE_VERSION,
  FeatureFormatError,
  serialiseFeatures,
  type BlobName,
  type TrackFeatures,
} from '@originality/music-analysis';
import type { StoredFeatures } from './catalogue.repository';

/**
 * TrackFeatures ⇄ the catalogue's columns, on top of the engine's own serialisation: its JSON goes to
 * `track_descriptors.data`, the per-beat blobs are packed into `series`, the embedding and the
 * fingerprints (hashes then anchor times) get their own bytea columns so each can be read alone.
 */
const SERIES_BLOBS = ['beats', 'rhythmPattern', 'beatChroma', 'beatTimes'] as const satisfies readonly BlobName[];
const U32_BYTES = 4;

export function toStoredFeatures(features: TrackFeatures): StoredFeatures {
  const { json, blobs } = serialiseFeatures(features);
  return {
    engineVersion: ENGINE_VERSION,
    keyName: features.key.name,
    tempoBpm: features.tempoBpm,
    descriptors: json,
    series: packBlobs(SERIES_BLOBS.map((name) => blobs[name])),
    embedding: blobs.embedding,
    embeddingDimensions: features.embedding.length,
    fingerprints: Buffer.concat([blobs.fingerprintHashes, blobs.fingerprintTimes]),
    landmarkCount: features.fingerprints.hashes.length,
  };
}

/** Reads stored features back; throws FeatureFormatError when the row is damaged. */
export function fromStoredFeatures(stored: StoredFeatures): TrackFeatures {
  const series = unpackBlobs(stored.series, SERIES_BLOBS.length);
  const hashBytes = stored.landmarkCount * U32_BYTES;
  if (stored.fingerprints.length !== hashBytes * 2) {
    throw new FeatureFormatError(`fingerprints hold ${stored.fingerprints.length} bytes, expected ${hashBytes * 2}`);
  }
  const blobs: Record<BlobName, Buffer> = {
    beats: series[0]!,
    rhythmPattern: series[1]!,
    beatChroma: series[2]!,
    beatTimes: series[3]!,
    embedding: stored.embedding,
    fingerprintHashes: stored.fingerprints.subarray(0, hashBytes),
    fingerprintTimes: stored.fingerprints.subarray(hashBytes),
  };
  return deserialiseFeatures(stored.descriptors, blobs);
}

/** u32 byte length then bytes, per blob. */
export function packBlobs(blobs: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [];
  for (const blob of blobs) {
    const length = Buffer.alloc(U32_BYTES);
    length.writeUInt32LE(blob.length, 0);
    parts.push(length, blob);
  }
  return Buffer.concat(parts);
}

export function unpackBlobs(packed: Buffer, count: number): Buffer[] {
  const blobs: Buffer[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + U32_BYTES > packed.length) throw new FeatureFormatError('packed series are truncated');
    const length = packed.readUInt32LE(at);
    at += U32_BYTES;
    if (at + length > packed.length) throw new FeatureFormatError('packed series are truncated');
    blobs.push(packed.subarray(at, at + length));
    at += length;
  }
  if (at !== packed.length) throw new FeatureFormatError('packed series have trailing bytes');
  return blobs;
}
