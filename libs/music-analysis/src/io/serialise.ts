/**
 * TrackFeatures ⇄ storage. `serialiseFeatures` splits a track into a small JSON document (scalars, key,
 * chords, melody) and binary blobs (typed arrays, little-endian), which the catalogue store keeps as jsonb +
 * bytea. `featuresToBuffer` packs both into one Buffer. Reading validates everything: stored data is input.
 */
import type { ChordSegment, KeyEstimate, MelodyNote, TrackFeatures } from '../types';

export const FEATURES_FORMAT_VERSION = 1;

export interface SerialisedFeatures {
  json: FeaturesJson;
  blobs: Record<BlobName, Buffer>;
}

export interface FeaturesJson {
  formatVersion: number;
  durationSec: number;
  tempoBpm: number;
  /** Absent when the beat level is clear (and in features stored before it existed). */
  tempoAlternativeBpm?: number;
  key: KeyEstimate;
  chords: ChordSegment[];
  /** [start, duration, pitch] per note. */
  melody: [number, number, number][];
  vocalShare: number;
  fingerprintFrameSec: number;
}

const FLOAT_BLOBS = ['beats', 'rhythmPattern', 'beatChroma', 'beatTimes', 'embedding'] as const;
const UINT_BLOBS = ['fingerprintHashes', 'fingerprintTimes'] as const;
export type BlobName = (typeof FLOAT_BLOBS)[number] | (typeof UINT_BLOBS)[number];
const BLOB_NAMES: BlobName[] = [...FLOAT_BLOBS, ...UINT_BLOBS];

/** Stored features that cannot be read back (corrupt, or written by an incompatible version). */
export class FeatureFormatError extends Error {
  override readonly name = 'FeatureFormatError';
}

const bytesOf = (a: Float32Array | Uint32Array): Buffer =>
  Buffer.from(a.buffer.slice(a.byteOffset, a.byteOffset + a.byteLength));

export function serialiseFeatures(f: TrackFeatures): SerialisedFeatures {
  return {
    json: {
      formatVersion: FEATURES_FORMAT_VERSION,
      durationSec: f.durationSec,
      tempoBpm: f.tempoBpm,
      ...(f.tempoAlternativeBpm !== undefined && { tempoAlternativeBpm: f.tempoAlternativeBpm }),
      key: { ...f.key },
      chords: f.chords.map((c) => ({ ...c })),
      melody: f.melody.map((n) => [n.start, n.duration, n.pitch]),
      vocalShare: f.vocalShare,
      fingerprintFrameSec: f.fingerprints.frameSec,
    },
    blobs: {
      beats: bytesOf(f.beats),
      rhythmPattern: bytesOf(f.rhythmPattern),
      beatChroma: bytesOf(f.beatChroma.data),
      beatTimes: bytesOf(f.beatChroma.beatTimes),
      embedding: bytesOf(f.embedding),
      fingerprintHashes: bytesOf(f.fingerprints.hashes),
      fingerprintTimes: bytesOf(f.fingerprints.times),
    },
  };
}

function floats(blobs: Record<string, Buffer | undefined>, name: BlobName): Float32Array {
  const b = blobs[name];
  if (!Buffer.isBuffer(b) || b.length % 4 !== 0)
    throw new FeatureFormatError(`blob "${name}" is missing or not 4-byte aligned`);
  const out = new Float32Array(b.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = b.readFloatLE(i * 4);
  return out;
}

function uints(blobs: Record<string, Buffer | undefined>, name: BlobName): Uint32Array {
  const b = blobs[name];
  if (!Buffer.isBuffer(b) || b.length % 4 !== 0)
    throw new FeatureFormatError(`blob "${name}" is missing or not 4-byte aligned`);
  const out = new Uint32Array(b.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = b.readUInt32LE(i * 4);
  return out;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function checkJson(json: unknown): FeaturesJson {
  const j = json as Partial<FeaturesJson> | null;
  if (!j || typeof j !== 'object') throw new FeatureFormatError('features JSON is not an object');
  if (j.formatVersion !== FEATURES_FORMAT_VERSION)
    throw new FeatureFormatError(`unsupported features format ${String(j.formatVersion)}`);
  for (const k of ['durationSec', 'tempoBpm', 'vocalShare', 'fingerprintFrameSec'] as const) {
    if (!isNum(j[k])) throw new FeatureFormatError(`features JSON: "${k}" must be a finite number`);
  }
  if (j.tempoAlternativeBpm !== undefined && !(isNum(j.tempoAlternativeBpm) && j.tempoAlternativeBpm > 0))
    throw new FeatureFormatError('features JSON: "tempoAlternativeBpm" must be a positive number when present');
  const key = j.key;
  if (
    !key ||
    !isNum(key.tonic) ||
    (key.mode !== 'major' && key.mode !== 'minor') ||
    typeof key.name !== 'string' ||
    !isNum(key.confidence)
  ) {
    throw new FeatureFormatError('features JSON: bad key');
  }
  if (
    !Array.isArray(j.chords) ||
    !j.chords.every(
      (c) => c && isNum(c.start) && isNum(c.end) && isNum(c.root) && ['maj', 'min', 'none'].includes(c.quality),
    )
  ) {
    throw new FeatureFormatError('features JSON: bad chords');
  }
  if (!Array.isArray(j.melody) || !j.melody.every((n) => Array.isArray(n) && n.length === 3 && n.every(isNum))) {
    throw new FeatureFormatError('features JSON: bad melody');
  }
  return j as FeaturesJson;
}

export function deserialiseFeatures(json: unknown, blobs: Record<string, Buffer | undefined>): TrackFeatures {
  const j = checkJson(json);
  const beatChroma = floats(blobs, 'beatChroma');
  const beatTimes = floats(blobs, 'beatTimes');
  if (beatChroma.length !== beatTimes.length * 12)
    throw new FeatureFormatError('beat chroma and beat times disagree in length');
  const hashes = uints(blobs, 'fingerprintHashes');
  const times = uints(blobs, 'fingerprintTimes');
  if (hashes.length !== times.length) throw new FeatureFormatError('fingerprint hashes and times disagree in length');
  const melody: MelodyNote[] = j.melody.map(([start, duration, pitch]) => ({ start, duration, pitch }));
  return {
    durationSec: j.durationSec,
    tempoBpm: j.tempoBpm,
    ...(j.tempoAlternativeBpm !== undefined && { tempoAlternativeBpm: j.tempoAlternativeBpm }),
    beats: floats(blobs, 'beats'),
    key: keyOf(j.key),
    chords: j.chords.map((c) => ({ start: c.start, end: c.end, root: c.root, quality: c.quality })),
    melody,
    rhythmPattern: floats(blobs, 'rhythmPattern'),
    beatChroma: { data: beatChroma, beats: beatTimes.length, beatTimes },
    embedding: floats(blobs, 'embedding'),
    fingerprints: { hashes, times, frameSec: j.fingerprintFrameSec },
    vocalShare: j.vocalShare,
  };
}

/** One Buffer: u32 JSON length, JSON (UTF-8), then per blob (fixed order) u32 byte length and bytes. */
export function featuresToBuffer(f: TrackFeatures): Buffer {
  const { json, blobs } = serialiseFeatures(f);
  const head = Buffer.from(JSON.stringify(json), 'utf8');
  const parts: Buffer[] = [u32(head.length), head];
  for (const name of BLOB_NAMES) parts.push(u32(blobs[name].length), blobs[name]);
  return Buffer.concat(parts);
}

export function featuresFromBuffer(buf: Buffer): TrackFeatures {
  let at = 0;
  const take = (n: number): Buffer => {
    if (at + n > buf.length) throw new FeatureFormatError('features buffer is truncated');
    const out = buf.subarray(at, at + n);
    at += n;
    return out;
  };
  const jsonLength = take(4).readUInt32LE(0);
  let json: unknown;
  try {
    json = JSON.parse(take(jsonLength).toString('utf8'));
  } catch (e) {
    if (e instanceof FeatureFormatError) throw e;
    throw new FeatureFormatError('features buffer holds invalid JSON');
  }
  const blobs: Record<string, Buffer> = {};
  for (const name of BLOB_NAMES) blobs[name] = take(take(4).readUInt32LE(0));
  return deserialiseFeatures(json, blobs);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
}

/** The stored key; clarity and relative ambiguity only when stored (features from before they existed lack them). */
function keyOf(key: KeyEstimate): KeyEstimate {
  const out: KeyEstimate = { tonic: key.tonic, mode: key.mode, confidence: key.confidence, name: key.name };
  if (isNum(key.clarity)) out.clarity = key.clarity;
  if (typeof key.relativeAmbiguity === 'string') out.relativeAmbiguity = key.relativeAmbiguity;
  return out;
}
