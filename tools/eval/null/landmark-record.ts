/**
 * How the null-analysis tools write a track's landmarks (one JSON line per track, read by pair-stats.ts): the
 * stored landmarks, and for a query also the denser ones it looks up, as base64 of their Uint32Arrays.
 */
import type { Fingerprints, QueryLandmarks } from '@originality/music-analysis';

function base64(a: Uint32Array): string {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
}

/** The landmarks a catalogue stores of a track. */
export function storedRecord(fp: Fingerprints): { h: string; t: string; fs: number } {
  return { h: base64(fp.hashes), t: base64(fp.times), fs: fp.frameSec };
}

/** The landmarks of a query: the stored ones and the denser ones it looks up. */
export function queryRecord(fp: Fingerprints): { h: string; t: string; qh: string; qt: string; fs: number } {
  if (!fp.query) throw new Error('query landmarks missing: extractFingerprints gives them');
  return { ...storedRecord(fp), qh: base64(fp.query.hashes), qt: base64(fp.query.times) };
}

/** One line of a dump, read back: a catalogue track or a query, with its landmarks. */
export interface LandmarkRow {
  role: 'ref' | 'query';
  id: string;
  kind?: string;
  referenceId?: string | null;
  pieceId?: string;
  shouldMatch?: boolean;
  sec: number;
  /** The stored landmarks, and for a query the denser ones it looks up. */
  stored: Fingerprints;
  dense?: QueryLandmarks;
}

function uint32s(text: string): Uint32Array {
  const b = Buffer.from(text, 'base64');
  return new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

/** The rows of a dump (JSON lines written with storedRecord / queryRecord). */
export function readLandmarkRows(text: string): LandmarkRow[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const { h, t, qh, qt, fs, ...meta } = JSON.parse(line) as Omit<LandmarkRow, 'stored' | 'dense'> & {
        h: string;
        t: string;
        qh?: string;
        qt?: string;
        fs: number;
      };
      const stored: Fingerprints = { hashes: uint32s(h), times: uint32s(t), frameSec: fs };
      return { ...meta, stored, ...(qh && qt && { dense: { hashes: uint32s(qh), times: uint32s(qt) } }) };
    });
}
