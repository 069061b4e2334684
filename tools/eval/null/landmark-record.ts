/**
 * How the null-analysis tools write a track's landmarks (one JSON line per track, read by pair-stats.ts): the
 * stored landmarks, and for a query also the denser ones it looks up, as base64 of their Uint32Arrays.
 */
import type { Fingerprints } from '@originality/music-analysis';

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
