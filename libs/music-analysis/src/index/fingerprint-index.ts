/**
 * The catalogue's landmark index: hash → (track, time) in two Uint32Arrays, 8 bytes per landmark, bucketed by
 * counting sort (CSR layout), so the index has no per-entry objects. A query votes for (track, time offset).
 */
import type { Fingerprints } from '../types';
import { HASH_BITS, lookupHashes, stretchedLandmarks } from '../signal/landmarks';
import { COARSE_BIN_FRAMES } from '../matching/transformed-match';

/** Votes for one track at its best time offset. */
export interface FingerprintHit {
  trackNo: number;
  /** Landmarks agreeing on the offset (±1 frame). */
  votes: number;
  /** Reference time − query time, in fingerprint frames. */
  offset: number;
}

/** Tracks whose offsets are examined, per requested result (see FingerprintIndex.query). */
const SHORTLIST_FACTOR = 4;

/** Indices of the `k` largest non-zero values, largest first. */
function topIndices(values: Uint32Array, k: number): number[] {
  const top: number[] = [];
  let floor = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === 0 || (top.length === k && v <= floor)) continue;
    let at = top.length < k ? top.length : k - 1;
    if (top.length < k) top.push(i);
    while (at > 0 && values[top[at - 1]] < v) {
      top[at] = top[at - 1];
      at--;
    }
    top[at] = i;
    floor = values[top[top.length - 1]];
  }
  return top;
}

/**
 * Inverted index hash → (track number, anchor time). Additions are buffered and merged into the bucketed
 * arrays on the next query; removals are tombstones dropped at that merge.
 */
export class FingerprintIndex {
  private bucketStart = new Uint32Array(0);
  private tracks = new Uint32Array(0);
  private times = new Uint32Array(0);
  private pending: { trackNo: number; fp: Fingerprints }[] = [];
  private readonly removed = new Set<number>();
  private readonly landmarksPerTrack = new Map<number, number>();
  /** Each track's last landmark time, in frames: the reach of its offsets (OffsetHistograms). */
  private readonly lastTimePerTrack = new Map<number, number>();
  /** The offset histograms' memory, kept between queries (every cell is back at 0 after each). */
  private readonly histograms = new OffsetHistograms();

  add(trackNo: number, fp: Fingerprints): void {
    if (!Number.isInteger(trackNo) || trackNo < 0) throw new RangeError('trackNo must be a non-negative integer');
    this.removed.delete(trackNo);
    this.pending.push({ trackNo, fp });
    this.landmarksPerTrack.set(trackNo, (this.landmarksPerTrack.get(trackNo) ?? 0) + fp.hashes.length);
    this.lastTimePerTrack.set(trackNo, Math.max(this.lastTimePerTrack.get(trackNo) ?? 0, lastTime(fp.times)));
  }

  remove(trackNo: number): void {
    if (this.landmarksPerTrack.delete(trackNo)) this.removed.add(trackNo);
    this.pending = this.pending.filter((p) => p.trackNo !== trackNo);
  }

  /** Landmarks held (after pending merges). */
  get landmarkCount(): number {
    let n = 0;
    for (const v of this.landmarksPerTrack.values()) n += v;
    return n;
  }

  /** Memory held by the index arrays, in bytes (after merging pending additions). */
  get byteLength(): number {
    this.merge();
    return this.bucketStart.byteLength + this.tracks.byteLength + this.times.byteLength;
  }

  /**
   * Tracks ranked by votes at their best offset; `limit` keeps the top ones. Two passes keep this fast on a
   * large index: raw hit counts per track in a typed array (no time check), then offset histograms only for
   * the SHORTLIST_FACTOR × limit tracks with the most hits — a track cannot have more votes at one offset
   * than hits in all. Only the query's stored landmarks are looked up, not its denser query landmarks
   * (Fingerprints.query, ≈ 7×): the scan grows with the lookups times the buckets' size, ≈ 400 entries each at
   * 100,000 tracks, and the sample cases' sources were found without them (engine 1.5.0, effects tuning: top-1 100 %);
   * the pairwise match of the shortlist uses the denser ones.
   */
  query(fp: Fingerprints, limit = 50): FingerprintHit[] {
    return this.vote(fp, limit, 1);
  }

  /**
   * Tracks ranked by votes for a copy of them played `speed` times as fast (query tempo / reference tempo): the
   * query's landmarks are mapped back into the reference's time (stretchedLandmarks), and their offsets counted in
   * the transformed match's coarse bins (COARSE_BIN_FRAMES), since a speed only near the true one drifts the offset
   * along the query. The hits' offset is then the bin's start.
   */
  queryStretched(fp: Fingerprints, speed: number, limit = 50): FingerprintHit[] {
    return this.vote(stretchedLandmarks(fp, speed), limit, COARSE_BIN_FRAMES);
  }

  /** `query`'s two passes, with offsets counted in bins of `offsetBin` frames. */
  private vote(fp: Fingerprints, limit: number, offsetBin: number): FingerprintHit[] {
    this.merge();
    if (this.tracks.length === 0) return [];
    const { bucketStart, tracks, times } = this;
    const variants = new Uint32Array(3);
    let maxTrack = 0;
    for (const t of this.landmarksPerTrack.keys()) if (t > maxTrack) maxTrack = t;
    const hits = new Uint32Array(maxTrack + 1);
    for (let i = 0; i < fp.hashes.length; i++) {
      const count = lookupHashes(fp.hashes[i], variants);
      for (let v = 0; v < count; v++) {
        const h = variants[v];
        for (let e = bucketStart[h]; e < bucketStart[h + 1]; e++) hits[tracks[e]]++;
      }
    }
    const shortlist = topIndices(hits, Math.min(hits.length, Math.max(limit, 1) * SHORTLIST_FACTOR));
    if (shortlist.length === 0) return [];
    // Most bucket entries belong to tracks off the shortlist: skipped here, before any counting.
    const listed = new Uint8Array(hits.length);
    for (const t of shortlist) listed[t] = 1;
    const histograms = this.histograms.open(
      shortlist.map((trackNo) => ({ trackNo, lastTime: this.lastTimePerTrack.get(trackNo) ?? 0 })),
      lastTime(fp.times),
      offsetBin,
      hits.length,
    );
    for (let i = 0; i < fp.hashes.length; i++) {
      const t = fp.times[i];
      const count = lookupHashes(fp.hashes[i], variants);
      for (let v = 0; v < count; v++) {
        const h = variants[v];
        for (let e = bucketStart[h]; e < bucketStart[h + 1]; e++)
          if (listed[tracks[e]]) histograms.vote(tracks[e], times[e] - t);
      }
    }
    const ranked = histograms.close().map((hit) => ({ ...hit, offset: hit.offset * offsetBin }));
    return ranked.length > limit ? ranked.slice(0, limit) : ranked;
  }

  /** Counting sort of all live entries into hash buckets. */
  private merge(): void {
    if (this.pending.length === 0 && this.removed.size === 0) return;
    const size = 1 << HASH_BITS;
    const oldStart = this.bucketStart.length ? this.bucketStart : new Uint32Array(size + 1);
    const counts = new Uint32Array(size + 1);
    const live = (trackNo: number): boolean => !this.removed.has(trackNo);
    for (let h = 0; h < size; h++) {
      for (let e = oldStart[h]; e < oldStart[h + 1]; e++) if (live(this.tracks[e])) counts[h + 1]++;
    }
    for (const p of this.pending)
      for (let i = 0; i < p.fp.hashes.length; i++) counts[(p.fp.hashes[i] & (size - 1)) + 1]++;
    for (let h = 0; h < size; h++) counts[h + 1] += counts[h];
    const total = counts[size];
    const tracks = new Uint32Array(total);
    const times = new Uint32Array(total);
    const fill = counts.slice(0, size);
    for (let h = 0; h < size; h++) {
      for (let e = oldStart[h]; e < oldStart[h + 1]; e++) {
        if (!live(this.tracks[e])) continue;
        const at = fill[h]++;
        tracks[at] = this.tracks[e];
        times[at] = this.times[e];
      }
    }
    for (const p of this.pending) {
      for (let i = 0; i < p.fp.hashes.length; i++) {
        const at = fill[p.fp.hashes[i] & (size - 1)]++;
        tracks[at] = p.trackNo;
        times[at] = p.fp.times[i];
      }
    }
    this.bucketStart = counts;
    this.tracks = tracks;
    this.times = times;
    this.pending = [];
    // Kept until now: a track removed and added again before a merge keeps its earlier entries too.
    for (const trackNo of this.removed) this.lastTimePerTrack.delete(trackNo);
    this.removed.clear();
  }
}

/** The last of a track's landmark times (0 for none). */
function lastTime(times: Uint32Array): number {
  let last = 0;
  for (let i = 0; i < times.length; i++) if (times[i] > last) last = times[i];
  return last;
}

/**
 * The (track, offset) vote counts of one query, for its shortlisted tracks: one run of cells per track, one cell per
 * offset bin it can reach (reference time − query time, from −the query's last time to the track's last time), with
 * an empty cell at either end. Counting in typed cells instead of a map keyed by (track, offset) took the query's
 * second pass from most of the first stage's time on long produced recordings (recordings-2: 45 tracks of 1.3–14 min)
 * to a small part of it. The cells touched are listed in the order first voted, so the best offsets are read in the
 * order a map would give them (ties keep the first), and only they are set back to 0. The cells are kept for the next
 * query: 40 shortlisted 4-minute tracks against a 4-minute query hold about 1.7 million (7 MB).
 */
class OffsetHistograms {
  private cells = new Uint32Array(0);
  private touched = new Uint32Array(0);
  private touchedCount = 0;
  /**
   * Per track number: where its run starts (set for the shortlist only, so a query of a 100,000-track index does not
   * rewrite all of them); and the bins below offset 0.
   */
  private start = new Int32Array(0);
  private below = 0;
  private bin = 1;
  /** The shortlisted tracks' runs, in order of their first cell, for reading the touched cells back. */
  private owners: { trackNo: number; from: number }[] = [];

  open(
    shortlist: { trackNo: number; lastTime: number }[],
    queryLastTime: number,
    bin: number,
    trackCount: number,
  ): this {
    this.bin = bin;
    this.below = Math.ceil(queryLastTime / bin) + 1;
    if (this.start.length < trackCount) this.start = new Int32Array(trackCount);
    this.owners = [];
    let size = 0;
    for (const { trackNo, lastTime: last } of shortlist) {
      const width = Math.floor(last / bin) + this.below + 2;
      this.start[trackNo] = size;
      this.owners.push({ trackNo, from: size });
      size += width;
    }
    if (this.cells.length < size) this.cells = new Uint32Array(size);
    this.touchedCount = 0;
    return this;
  }

  /** One vote for shortlisted track `trackNo` at `offset` frames (reference time − query time). */
  vote(trackNo: number, offset: number): void {
    const cell = this.start[trackNo] + Math.floor(offset / this.bin) + this.below;
    if (this.cells[cell]++ === 0) {
      if (this.touchedCount === this.touched.length) this.grow();
      this.touched[this.touchedCount++] = cell;
    }
  }

  /**
   * Each voted track's best offset bin (with its neighbours' votes: ±1 bin of tolerance), most votes first, and every
   * cell back at 0.
   */
  close(): FingerprintHit[] {
    const best = new Map<number, FingerprintHit>();
    const { cells, touched } = this;
    for (let k = 0; k < this.touchedCount; k++) {
      const cell = touched[k];
      const score = cells[cell] + cells[cell - 1] + cells[cell + 1];
      const owner = this.ownerOf(cell);
      const cur = best.get(owner.trackNo);
      if (!cur || score > cur.votes)
        best.set(owner.trackNo, { trackNo: owner.trackNo, votes: score, offset: cell - owner.from - this.below });
    }
    for (let k = 0; k < this.touchedCount; k++) cells[touched[k]] = 0;
    this.touchedCount = 0;
    return [...best.values()].sort((a, b) => b.votes - a.votes);
  }

  /** The shortlisted track whose run holds `cell` (runs are in order: binary search). */
  private ownerOf(cell: number): { trackNo: number; from: number } {
    let lo = 0;
    let hi = this.owners.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.owners[mid].from <= cell) lo = mid;
      else hi = mid - 1;
    }
    return this.owners[lo];
  }

  private grow(): void {
    const next = new Uint32Array(Math.max(1024, this.touched.length * 2));
    next.set(this.touched);
    this.touched = next;
  }
}
