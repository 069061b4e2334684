/**
 * A catalogue snapshot: every entry of a catalogue (id, metadata, features) in one file, so a program that does
 * not own the catalogue's database (the benchmarks) loads the very catalogue the analysis service matches against.
 * Layout: the magic "OCS1", u32 entry count, then per entry a u32-length-prefixed JSON {id, meta} and a
 * u32-length-prefixed featuresToBuffer record.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { CatalogueEntry } from '../types';
import { FeatureFormatError, featuresFromBuffer, featuresToBuffer } from './serialise';

const MAGIC = 'OCS1';

export function writeCatalogueSnapshot(path: string, entries: readonly CatalogueEntry[]): void {
  const parts: Buffer[] = [Buffer.from(MAGIC, 'latin1'), u32(entries.length)];
  for (const { id, meta, features } of entries) {
    parts.push(prefixed(Buffer.from(JSON.stringify({ id, meta }), 'utf8')), prefixed(featuresToBuffer(features)));
  }
  writeFileSync(path, Buffer.concat(parts));
}

/** Reads a snapshot back; throws FeatureFormatError when the file is not one or is cut short. */
export function readCatalogueSnapshot(path: string): CatalogueEntry[] {
  const buf = readFileSync(path);
  let at = 0;
  const take = (n: number): Buffer => {
    if (at + n > buf.length) throw new FeatureFormatError(`catalogue snapshot ${path} is truncated`);
    at += n;
    return buf.subarray(at - n, at);
  };
  if (take(MAGIC.length).toString('latin1') !== MAGIC)
    throw new FeatureFormatError(`${path} is not a catalogue snapshot`);
  const count = take(4).readUInt32LE(0);
  const entries: CatalogueEntry[] = [];
  for (let i = 0; i < count; i++) {
    const head = JSON.parse(take(take(4).readUInt32LE(0)).toString('utf8')) as Omit<CatalogueEntry, 'features'>;
    entries.push({ ...head, features: featuresFromBuffer(take(take(4).readUInt32LE(0))) });
  }
  return entries;
}

function prefixed(bytes: Buffer): Buffer {
  return Buffer.concat([u32(bytes.length), bytes]);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
}
