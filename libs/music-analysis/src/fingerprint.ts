/**
 * Landmark audio fingerprints after Wang (2003), "An Industrial-Strength Audio Search Algorithm", ISMIR:
 * spectral peaks that are maxima of their time–frequency neighbourhood survive noise and lossy coding; pairs
 * of nearby peaks (anchor + target in a zone after it) are hashed as (anchor frequency, Δf, Δt); a query
 * matches a reference when many hashes agree on one time offset.
 *
 * The hashes live in an inverted index (FingerprintIndex): hash → (track, time) in two Uint32Arrays, 8 bytes
 * per landmark, bucketed by counting sort (CSR layout), so the index has no per-entry objects.
 */
import type { Fingerprints, PcmAudio } from './types';
import { ANALYSIS_SAMPLE_RATE } from './constants';
import { forEachStftFrame } from './stft';

/** Fingerprint STFT: 1024 samples (46 ms, 21.5 Hz bins) every 256 samples (11.6 ms) at 22 050 Hz. */
export const FP_FFT_SIZE = 1024;
export const FP_HOP = 256;
/** Frequency band of the peaks: bin 4 (86 Hz) to 255 (5.5 kHz); 64 kbit/s MP3 keeps this band intact. */
const MIN_BIN = 4;
const MAX_BIN = 256;
/** Peak neighbourhood: ±10 bins (±215 Hz) × ±8 frames (±93 ms). */
const NEIGHBOUR_BINS = 10;
const NEIGHBOUR_FRAMES = 8;
/** Density control: the strongest peaks per second are kept. */
export const PEAKS_PER_SECOND = 12;
/** Targets paired with each anchor (Wang's fan-out). */
export const FAN_OUT = 5;
/** Target zone: 1–63 frames (≤ 0.73 s) after the anchor, within ±63 bins (±1.35 kHz). */
const MAX_DT = 63;
const MAX_DF = 63;
/** Peaks this far (in natural-log magnitude) below the loudest one are treated as silence. */
const SILENCE_LOG_RANGE = Math.log(1e4);
/**
 * Absolute floor: no peak below −80 dB relative to a full-scale sine. Reference level: a sine of amplitude 1
 * puts FP_FFT_SIZE/4 = 256 into its bin (Hann window sum N/2 × amplitude/2). 16-bit quantisation noise lies
 * ≈ 120 dB below that in one bin, so −80 dB keeps every audible detail yet makes digital silence and
 * near-silent fades (whose flat spectra make every cell a neighbourhood maximum) yield no landmarks.
 */
export const PEAK_FLOOR_DB = -80;
const ABSOLUTE_LOG_FLOOR = Math.log((FP_FFT_SIZE / 4) * 10 ** (PEAK_FLOOR_DB / 20));
/** Hash layout: anchor bin − MIN_BIN (8 bits) | Δf + 64 (7 bits) | Δt (6 bits). */
export const HASH_BITS = 21;

/** Seconds per fingerprint frame. */
export const FP_FRAME_SEC = FP_HOP / ANALYSIS_SAMPLE_RATE;

interface Peak {
  frame: number;
  bin: number;
  strength: number;
}

export function extractFingerprints(audio: PcmAudio): Fingerprints {
  const samples =
    audio.sampleRate === ANALYSIS_SAMPLE_RATE
      ? audio.samples
      : resampleLinear(audio.samples, audio.sampleRate, ANALYSIS_SAMPLE_RATE);
  return pairLandmarks(pickPeaks((visit) => forEachStftFrame(samples, FP_FFT_SIZE, FP_HOP, visit)));
}

/** Calls `visit` with each frame's spectrum in order, as forEachStftFrame does. */
export type StftFrameSource = (visit: (spectrum: Float64Array, f: number) => void) => void;

/** extractFingerprints of audio whose STFT frames come from `frames` (a stream that may still be decoding). */
export function fingerprintsOfFrames(frames: StftFrameSource): Fingerprints {
  return pairLandmarks(pickPeaks(frames));
}

/** Linear-interpolation resampling; only for input that did not come through decode.ts (which resamples with ffmpeg). */
function resampleLinear(x: Float32Array, from: number, to: number): Float32Array {
  const n = Math.floor((x.length * to) / from);
  const out = new Float32Array(n);
  const step = from / to;
  for (let i = 0; i < n; i++) {
    const p = i * step;
    const i0 = Math.floor(p);
    const frac = p - i0;
    out[i] = x[i0] * (1 - frac) + (i0 + 1 < x.length ? x[i0 + 1] : 0) * frac;
  }
  return out;
}

/** Frames of log spectrum whose peaks are picked at a time (plus NEIGHBOUR_FRAMES of context on each side). */
const PEAK_CHUNK_FRAMES = 1024;

/**
 * Neighbourhood-maximum peaks of the log spectrogram, thinned to PEAKS_PER_SECOND strongest per second.
 *
 * The log spectrum is processed in chunks of PEAK_CHUNK_FRAMES as the STFT produces it, each with the
 * NEIGHBOUR_FRAMES rows before and after it, so only ≈ 1 MB of it is held instead of the whole track's
 * (31 MB, twice, for 3 minutes). The filtered values, hence the peaks, are the same as a whole-track filter's
 * (see maxFilterAcrossRows on the track's last frames). The silence floor needs the loudest cell of the whole track: candidates above the absolute floor are
 * collected and the relative floor applied at the end.
 */
function pickPeaks(frames: StftFrameSource): Peak[] {
  const nb = MAX_BIN - MIN_BIN;
  const context = NEIGHBOUR_FRAMES;
  const capacity = PEAK_CHUNK_FRAMES + 2 * context;
  const L = new Float32Array(capacity * nb);
  const maxTF = new Float32Array(capacity * nb);
  const candidates: Peak[] = [];
  let loudest = -Infinity;
  /** Global frame of L's first row; rows before `done` have been searched. */
  let base = 0;
  let done = 0;
  const search = (rows: number, last: boolean): void => {
    maxFilter(L, rows, nb, NEIGHBOUR_BINS, maxTF);
    maxFilterAcrossRows(maxTF, rows, nb, context, maxTF, base);
    // Rows whose whole ±context window is in the buffer (or clipped by the end of the track, as a whole-track filter would).
    const end = last ? base + rows : base + rows - context;
    for (let f = done; f < end; f++) {
      const row = (f - base) * nb;
      for (let k = 0; k < nb; k++) {
        const v = L[row + k];
        if (v === maxTF[row + k] && v > ABSOLUTE_LOG_FLOOR)
          candidates.push({ frame: f, bin: k + MIN_BIN, strength: v });
      }
    }
    // Keep the context rows before the next unsearched frame.
    const keepFrom = end - context;
    L.copyWithin(0, (keepFrom - base) * nb, rows * nb);
    base = keepFrom;
    done = end;
  };
  // The track's length is known only once the frames stop.
  let lastFrame = -1;
  frames((out, f) => {
    const row = (f - base) * nb;
    for (let k = 0; k < nb; k++) {
      const re = out[2 * (MIN_BIN + k)];
      const im = out[2 * (MIN_BIN + k) + 1];
      // Rounded to float32 first, as a stored spectrogram holds it.
      const v = Math.log(Math.fround(Math.sqrt(re * re + im * im)) + 1e-9);
      L[row + k] = v;
      if (v > loudest) loudest = v;
    }
    lastFrame = f;
    if (f - base + 1 === capacity) search(capacity, false);
  });
  if (lastFrame >= 0) search(lastFrame - base + 1, true);
  const floor = Math.max(loudest - SILENCE_LOG_RANGE, ABSOLUTE_LOG_FLOOR);
  return thinPeaks(
    candidates.filter((p) => p.strength > floor),
    Math.round(1 / FP_FRAME_SEC),
  );
}

/**
 * Density control: a peak is kept when fewer than PEAKS_PER_SECOND stronger peaks lie within ±½ s of it. The
 * window slides with each peak, so an excerpt keeps the same peaks as the full track (fixed one-second blocks
 * would not, as their boundaries move with the excerpt's start). Candidates arrive in frame order; the
 * window's strengths live in a Fenwick tree over strength ranks, so counting the stronger ones costs
 * O(log n) whatever the density — O(n log n) in all (a plateau of equal cells used to make this quadratic).
 */
function thinPeaks(candidates: Peak[], windowFrames: number): Peak[] {
  const n = candidates.length;
  const half = windowFrames >> 1;
  const rank = strengthRanks(candidates);
  const tree = new Int32Array(n + 1);
  const add = (r: number, d: number): void => {
    for (let i = r + 1; i <= n; i += i & -i) tree[i] += d;
  };
  /** Window entries ranked before r, i.e. strictly stronger. */
  const strongerThan = (r: number): number => {
    let s = 0;
    for (let i = r; i > 0; i -= i & -i) s += tree[i];
    return s;
  };
  const kept: Peak[] = [];
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    const p = candidates[i];
    while (hi < n && candidates[hi].frame <= p.frame + half) add(rank[hi++], 1);
    while (candidates[lo].frame < p.frame - half) add(rank[lo++], -1);
    if (strongerThan(rank[i]) < PEAKS_PER_SECOND) kept.push(p);
  }
  return kept;
}

/** Dense rank of each candidate's strength, 0 = strongest; equal strengths share a rank. */
function strengthRanks(candidates: Peak[]): Int32Array {
  const order = Array.from(candidates.keys()).sort((a, b) => candidates[b].strength - candidates[a].strength);
  const rank = new Int32Array(candidates.length);
  let r = -1;
  let last = NaN;
  for (const i of order) {
    if (candidates[i].strength !== last) {
      r++;
      last = candidates[i].strength;
    }
    rank[i] = r;
  }
  return rank;
}

/**
 * Running maximum over ±radius along each row of a 2-D array (`lines` rows of `length` items, contiguous), by
 * van Herk / Gil-Werman: three passes, O(1) per element whatever the radius. Prefix (g) and suffix (h) maxima
 * restart at every block of 2·radius + 1 items from the row's start; each result is max(h[t − radius], g[t + radius])
 * with both indices clipped to the row. `out` may be `src` itself: each row is read whole into g and h first.
 */
function maxFilter(src: Float32Array, lines: number, length: number, radius: number, out: Float32Array): Float32Array {
  const w = 2 * radius + 1;
  const g = new Float32Array(length);
  const h = new Float32Array(length);
  for (let l = 0; l < lines; l++) {
    const base = l * length;
    for (let b0 = 0; b0 < length; b0 += w) {
      const b1 = Math.min(b0 + w, length);
      let m = src[base + b0];
      g[b0] = m;
      for (let t = b0 + 1; t < b1; t++) g[t] = m = Math.max(m, src[base + t]);
      m = src[base + b1 - 1];
      h[b1 - 1] = m;
      for (let t = b1 - 2; t >= b0; t--) h[t] = m = Math.max(m, src[base + t]);
    }
    for (let t = 0; t < length; t++) {
      const lo = Math.max(0, t - radius);
      const hi = Math.min(length - 1, t + radius);
      out[base + t] = Math.max(h[lo], g[hi]);
    }
  }
  return out;
}

/** Columns filtered together by maxFilterAcrossRows: 32 float32 = two cache lines per row. */
const COLUMN_BLOCK = 32;

/**
 * maxFilter along the rows axis (item t of column c at t·columns + c), with the same three passes and the same
 * values, but over blocks of COLUMN_BLOCK adjacent columns at once: one column at a time strides through
 * memory a row apart and misses the cache on every item. `out` may be `src` (a block is read whole first).
 * `origin`: the track frame of row 0. The van Herk blocks start at track frames that are multiples of the
 * window, as in a whole-track filter: where the window is clipped (the last frames of the track) the result
 * depends on that alignment, so a chunk must use the same one to give the same values.
 */
function maxFilterAcrossRows(
  src: Float32Array,
  rows: number,
  columns: number,
  radius: number,
  out: Float32Array,
  origin = 0,
): Float32Array {
  const w = 2 * radius + 1;
  const B = COLUMN_BLOCK;
  const g = new Float32Array(rows * B);
  const h = new Float32Array(rows * B);
  for (let c0 = 0; c0 < columns; c0 += B) {
    const cb = Math.min(B, columns - c0);
    for (let t = 0; t < rows; t++) {
      const s = t * columns + c0;
      const r = t * B;
      if ((origin + t) % w === 0) for (let j = 0; j < cb; j++) g[r + j] = src[s + j];
      else for (let j = 0; j < cb; j++) g[r + j] = Math.max(g[r - B + j], src[s + j]);
    }
    for (let t = rows - 1; t >= 0; t--) {
      const s = t * columns + c0;
      const r = t * B;
      if (t === rows - 1 || (origin + t + 1) % w === 0) for (let j = 0; j < cb; j++) h[r + j] = src[s + j];
      else for (let j = 0; j < cb; j++) h[r + j] = Math.max(h[r + B + j], src[s + j]);
    }
    for (let t = 0; t < rows; t++) {
      const lo = Math.max(0, t - radius) * B;
      const hi = Math.min(rows - 1, t + radius) * B;
      const o = t * columns + c0;
      for (let j = 0; j < cb; j++) out[o + j] = Math.max(h[lo + j], g[hi + j]);
    }
  }
  return out;
}

/** Anchor–target pairs → 21-bit hashes; times are the anchor frames. */
function pairLandmarks(peaks: Peak[]): Fingerprints {
  const hashes = new Uint32Array(peaks.length * FAN_OUT);
  const times = new Uint32Array(peaks.length * FAN_OUT);
  let n = 0;
  for (let a = 0; a < peaks.length; a++) {
    const anchor = peaks[a];
    let paired = 0;
    for (let b = a + 1; b < peaks.length && paired < FAN_OUT; b++) {
      const target = peaks[b];
      const dt = target.frame - anchor.frame;
      if (dt > MAX_DT) break;
      const df = target.bin - anchor.bin;
      if (dt < 1 || df < -MAX_DF || df > MAX_DF) continue;
      hashes[n] = landmarkHash(anchor.bin, df, dt);
      times[n] = anchor.frame;
      n++;
      paired++;
    }
  }
  return { hashes: hashes.slice(0, n), times: times.slice(0, n), frameSec: FP_FRAME_SEC };
}

export function landmarkHash(anchorBin: number, df: number, dt: number): number {
  return (((anchorBin - MIN_BIN) & 0xff) << 13) | (((df + 64) & 0x7f) << 6) | (dt & 0x3f);
}

/**
 * The hashes a query landmark is looked up under: its own and the same pair one frame closer or further.
 * When the query's frame grid is not aligned with the reference's (any excerpt), an onset peak can land one
 * frame early or late, which changes Δt by one; looking up the neighbours recovers those landmarks.
 */
function lookupHashes(hash: number, out: Uint32Array): number {
  const dt = hash & 0x3f;
  const base = hash & ~0x3f;
  let n = 0;
  out[n++] = hash;
  if (dt > 1) out[n++] = base | (dt - 1);
  if (dt < MAX_DT) out[n++] = base | (dt + 1);
  return n;
}

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

/** Offsets are kept in ±2^17 frames (±25 min at 11.6 ms), enough for the 15-minute decode cap. */
const OFFSET_BIAS = 1 << 17;
const OFFSET_SPAN = 1 << 18;

/**
 * Counts (track, offset) votes of matched landmarks and returns each track's best offset, with a ±1 frame
 * tolerance (peak times jitter by a frame under noise and re-encoding).
 */
function bestOffsets(votes: Map<number, number>): FingerprintHit[] {
  const best = new Map<number, FingerprintHit>();
  for (const [key, v] of votes) {
    const score = v + (votes.get(key - 1) ?? 0) + (votes.get(key + 1) ?? 0);
    const trackNo = Math.floor(key / OFFSET_SPAN);
    const cur = best.get(trackNo);
    if (!cur || score > cur.votes)
      best.set(trackNo, { trackNo, votes: score, offset: (key % OFFSET_SPAN) - OFFSET_BIAS });
  }
  return [...best.values()].sort((a, b) => b.votes - a.votes);
}

function voteKey(trackNo: number, offset: number): number {
  return trackNo * OFFSET_SPAN + offset + OFFSET_BIAS;
}

/** The evidence of one query–reference fingerprint match, for exact-audio comparison. */
export interface FingerprintMatch {
  votes: number;
  offset: number;
  /** Query landmarks that could have matched: those between the first and last matching anchor. */
  queryLandmarksInSpan: number;
  /** Matching anchors' span in the query, in frames. */
  queryStart: number;
  queryEnd: number;
  /**
   * Seconds of the query (1 s bins) holding at least two agreeing landmarks. A chance coincidence — the same
   * note in the same timbre — agrees within one or two seconds; a reused recording agrees all along.
   */
  matchedSeconds: number;
}

/** Reference landmarks sorted by hash, for direct pairwise matching without the 2^21-bucket index. */
interface SortedLandmarks {
  hashes: Uint32Array;
  times: Uint32Array;
  /** Largest anchor time (frames), which bounds the offsets. */
  maxTime: number;
}

/**
 * Sorted copies are kept per fingerprint set: a catalogue track is compared with every query it is a candidate
 * for, and its landmarks never change. Weak, so they go with the features.
 */
const sortedCache = new WeakMap<Fingerprints, SortedLandmarks>();

/** Packs (hash, time) into one exact double (hash < 2^21, time < 2^32: below 2^53) so a numeric sort orders both. */
const TIME_SPAN = 2 ** 32;

function sortByHash(fp: Fingerprints): SortedLandmarks {
  const cached = sortedCache.get(fp);
  if (cached) return cached;
  const n = fp.hashes.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = fp.hashes[i] * TIME_SPAN + fp.times[i];
  keys.sort();
  const hashes = new Uint32Array(n);
  const times = new Uint32Array(n);
  let maxTime = 0;
  for (let i = 0; i < n; i++) {
    hashes[i] = Math.floor(keys[i] / TIME_SPAN);
    times[i] = keys[i] - hashes[i] * TIME_SPAN;
    if (times[i] > maxTime) maxTime = times[i];
  }
  const sorted = { hashes, times, maxTime };
  sortedCache.set(fp, sorted);
  return sorted;
}

/**
 * A query's landmarks arranged for matching against many references: every hash it is looked up under
 * (lookupHashes), grouped by that hash in an open-addressing table. A pairwise match then walks the reference's
 * distinct hashes (usually far fewer than the query's lookups) and probes this table, instead of binary-searching
 * the reference once per query lookup. Built once per query and kept weakly with its fingerprints.
 */
interface QueryLookup {
  /** Table slot → lookup hash, and the range of its entries (end 0 = empty slot). */
  slotHash: Uint32Array;
  slotStart: Uint32Array;
  slotEnd: Uint32Array;
  shift: number;
  /** Entries grouped by lookup hash, each group in visit order: the query's anchor time and visit rank. */
  entryTime: Uint32Array;
  /** Query index × LOOKUPS_PER_LANDMARK + variant (own hash, Δt − 1, Δt + 1): the order a query-side scan visits them. */
  entryRank: Uint32Array;
  /** The query's anchor times, sorted, and the largest. */
  sortedTimes: Uint32Array;
  maxTime: number;
}

/** Hashes a query landmark is looked up under (see lookupHashes). */
const LOOKUPS_PER_LANDMARK = 3;
/** Fibonacci hashing multiplier (2^32 / golden ratio) to spread lookup hashes over the table's slots. */
const SLOT_MULTIPLIER = 0x9e3779b1;

const queryCache = new WeakMap<Fingerprints, QueryLookup>();

function queryLookup(fp: Fingerprints): QueryLookup {
  const cached = queryCache.get(fp);
  if (cached) return cached;
  const keys = lookupKeys(fp);
  const entryTime = new Uint32Array(keys.length);
  const entryRank = new Uint32Array(keys.length);
  const groupHashes: number[] = [];
  const groupStarts: number[] = [];
  for (let j = 0; j < keys.length; j++) {
    const h = Math.floor(keys[j] / TIME_SPAN);
    entryRank[j] = keys[j] - h * TIME_SPAN;
    entryTime[j] = fp.times[Math.floor(entryRank[j] / LOOKUPS_PER_LANDMARK)];
    if (j === 0 || h !== groupHashes[groupHashes.length - 1]) {
      groupHashes.push(h);
      groupStarts.push(j);
    }
  }
  groupStarts.push(keys.length);
  const sortedTimes = fp.times.slice().sort();
  const lookup = {
    ...slotTable(groupHashes, groupStarts),
    entryTime,
    entryRank,
    sortedTimes,
    maxTime: sortedTimes.length ? sortedTimes[sortedTimes.length - 1] : 0,
  };
  queryCache.set(fp, lookup);
  return lookup;
}

/** Every (lookup hash, visit rank) of the query packed into one exact double, sorted (as in sortByHash). */
function lookupKeys(fp: Fingerprints): Float64Array {
  const keys = new Float64Array(fp.hashes.length * LOOKUPS_PER_LANDMARK);
  const variants = new Uint32Array(LOOKUPS_PER_LANDMARK);
  let n = 0;
  for (let i = 0; i < fp.hashes.length; i++) {
    const hash = fp.hashes[i];
    const count = lookupHashes(hash, variants);
    for (let v = 0; v < count; v++) {
      // Rank by variant kind, not position, so ranks are unique: 0 own hash, 1 Δt − 1, 2 Δt + 1.
      const kind = v === 0 ? 0 : variants[v] < hash ? 1 : 2;
      keys[n++] = variants[v] * TIME_SPAN + i * LOOKUPS_PER_LANDMARK + kind;
    }
  }
  return keys.subarray(0, n).sort();
}

/** Open-addressing table (linear probing, load ≤ ½) over the distinct lookup hashes and their entry ranges. */
function slotTable(
  hashes: number[],
  starts: number[],
): Pick<QueryLookup, 'slotHash' | 'slotStart' | 'slotEnd' | 'shift'> {
  let bits = 1;
  while (1 << bits < 2 * hashes.length) bits++;
  const size = 1 << bits;
  const slotHash = new Uint32Array(size);
  const slotStart = new Uint32Array(size);
  const slotEnd = new Uint32Array(size);
  const shift = 32 - bits;
  for (let g = 0; g < hashes.length; g++) {
    let s = Math.imul(hashes[g], SLOT_MULTIPLIER) >>> shift;
    while (slotEnd[s] !== 0) s = (s + 1) & (size - 1);
    slotHash[s] = hashes[g];
    slotStart[s] = starts[g];
    slotEnd[s] = starts[g + 1];
  }
  return { slotHash, slotStart, slotEnd, shift };
}

/** The table slot holding hash h, or −1. */
function findSlot(lookup: QueryLookup, h: number): number {
  const mask = lookup.slotEnd.length - 1;
  for (let s = Math.imul(h, SLOT_MULTIPLIER) >>> lookup.shift; lookup.slotEnd[s] !== 0; s = (s + 1) & mask)
    if (lookup.slotHash[s] === h) return s;
  return -1;
}

/** Query–reference landmark pairs whose hashes match (see lookupHashes), with where a query-side scan meets them. */
interface Hits {
  count: number;
  refTimes: Uint32Array;
  queryTimes: Uint32Array;
  /** Visit order of a scan over the query's lookups, each over the reference's sorted entries: rank × refLength + entry. */
  order: Float64Array;
}

function collectHits(lookup: QueryLookup, ref: SortedLandmarks): Hits {
  const n = ref.hashes.length;
  let hits: Hits = {
    count: 0,
    refTimes: new Uint32Array(n),
    queryTimes: new Uint32Array(n),
    order: new Float64Array(n),
  };
  for (let e = 0; e < n;) {
    const h = ref.hashes[e];
    let groupEnd = e + 1;
    while (groupEnd < n && ref.hashes[groupEnd] === h) groupEnd++;
    const s = findSlot(lookup, h);
    if (s >= 0) {
      for (let j = lookup.slotStart[s]; j < lookup.slotEnd[s]; j++) {
        if (hits.count + groupEnd - e > hits.refTimes.length) hits = grown(hits, hits.count + groupEnd - e);
        for (let k = e; k < groupEnd; k++) {
          hits.refTimes[hits.count] = ref.times[k];
          hits.queryTimes[hits.count] = lookup.entryTime[j];
          hits.order[hits.count++] = lookup.entryRank[j] * n + k;
        }
      }
    }
    e = groupEnd;
  }
  return hits;
}

function grown(hits: Hits, needed: number): Hits {
  const size = Math.max(needed, 2 * hits.refTimes.length);
  const refTimes = new Uint32Array(size);
  const queryTimes = new Uint32Array(size);
  const order = new Float64Array(size);
  refTimes.set(hits.refTimes);
  queryTimes.set(hits.queryTimes);
  order.set(hits.order);
  return { count: hits.count, refTimes, queryTimes, order };
}

/** Values of sorted `values` in [lo, hi]. */
function countInRange(values: Uint32Array, lo: number, hi: number): number {
  const below = (x: number): number => {
    let a = 0;
    let b = values.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (values[mid] < x) a = mid + 1;
      else b = mid;
    }
    return a;
  };
  return hi < lo ? 0 : below(hi + 1) - below(lo);
}

/** Direct comparison of two fingerprint sets: votes at the best offset and where in the query they lie. */
export function matchFingerprints(query: Fingerprints, ref: Fingerprints): FingerprintMatch {
  const none: FingerprintMatch = {
    votes: 0,
    offset: 0,
    queryLandmarksInSpan: query.hashes.length,
    queryStart: 0,
    queryEnd: 0,
    matchedSeconds: 0,
  };
  const lookup = queryLookup(query);
  const sorted = sortByHash(ref);
  const hits = collectHits(lookup, sorted);
  const hit = bestOffset(hits, lookup.maxTime, sorted.maxTime);
  if (!hit) return none;
  let start = Infinity;
  let end = -Infinity;
  const perSecond = new Uint32Array(Math.floor(lookup.maxTime * query.frameSec) + 1);
  for (let j = 0; j < hits.count; j++) {
    const queryTime = hits.queryTimes[j];
    if (Math.abs(hits.refTimes[j] - queryTime - hit.offset) > 1) continue;
    if (queryTime < start) start = queryTime;
    if (queryTime > end) end = queryTime;
    perSecond[Math.floor(queryTime * query.frameSec)]++;
  }
  let matchedSeconds = 0;
  for (let s = 0; s < perSecond.length; s++) if (perSecond[s] >= 2) matchedSeconds++;
  return {
    votes: hit.votes,
    offset: hit.offset,
    queryLandmarksInSpan: countInRange(lookup.sortedTimes, start, end),
    queryStart: start,
    queryEnd: end,
    matchedSeconds,
  };
}

/**
 * The offset (reference time − query time) with the most votes counting its ±1 neighbours, as bestOffsets
 * finds it, in a typed histogram over all possible offsets instead of a Map. Ties go to the offset a scan over
 * the query's lookups would hit first (as with a Map's insertion order): the smallest hit `order` per offset.
 */
function bestOffset(
  hits: Hits,
  queryMaxTime: number,
  refMaxTime: number,
): { votes: number; offset: number } | undefined {
  const bias = queryMaxTime;
  const counts = new Uint32Array(bias + refMaxTime + 1);
  const first = new Float64Array(counts.length);
  const touched = new Int32Array(Math.min(counts.length, hits.count));
  let distinct = 0;
  for (let j = 0; j < hits.count; j++) {
    const at = hits.refTimes[j] - hits.queryTimes[j] + bias;
    if (counts[at]++ === 0) {
      touched[distinct++] = at;
      first[at] = hits.order[j];
    } else if (hits.order[j] < first[at]) first[at] = hits.order[j];
  }
  let best: { votes: number; offset: number; first: number } | undefined;
  for (let i = 0; i < distinct; i++) {
    const at = touched[i];
    const score = counts[at] + (at > 0 ? counts[at - 1] : 0) + (at + 1 < counts.length ? counts[at + 1] : 0);
    if (!best || score > best.votes || (score === best.votes && first[at] < best.first))
      best = { votes: score, offset: at - bias, first: first[at] };
  }
  return best && { votes: best.votes, offset: best.offset };
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

  add(trackNo: number, fp: Fingerprints): void {
    if (!Number.isInteger(trackNo) || trackNo < 0) throw new RangeError('trackNo must be a non-negative integer');
    this.removed.delete(trackNo);
    this.pending.push({ trackNo, fp });
    this.landmarksPerTrack.set(trackNo, (this.landmarksPerTrack.get(trackNo) ?? 0) + fp.hashes.length);
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
   * than hits in all.
   */
  query(fp: Fingerprints, limit = 50): FingerprintHit[] {
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
    const listed = new Uint8Array(hits.length);
    for (const t of shortlist) listed[t] = 1;
    const votes = new Map<number, number>();
    for (let i = 0; i < fp.hashes.length; i++) {
      const t = fp.times[i];
      const count = lookupHashes(fp.hashes[i], variants);
      for (let v = 0; v < count; v++) {
        const h = variants[v];
        for (let e = bucketStart[h]; e < bucketStart[h + 1]; e++) {
          if (!listed[tracks[e]]) continue;
          const key = voteKey(tracks[e], times[e] - t);
          votes.set(key, (votes.get(key) ?? 0) + 1);
        }
      }
    }
    const ranked = bestOffsets(votes);
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
    this.removed.clear();
  }
}
