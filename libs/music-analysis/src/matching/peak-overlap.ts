/**
 * Exact audio read peak by peak: how many of the reference's stored spectral peaks the query holds at one offset.
 *
 * A landmark needs both of its peaks to survive. A sample mixed at equal loudness under a dense recording keeps a
 * third of its peaks but a tenth of its pairs or fewer (recordings, tuning: a 6 s orchestral sample under another
 * orchestral track kept 26 of its 72 stored peaks, 36 %, while its landmarks agreed 21, 8, 1, 0, 1, 0 times a
 * second of ≈ 55 stored), so the pairs find the sample's offset but not enough evidence that it is one. Counted
 * peak by peak at that offset, the same sample stands far above what the pair holds at other offsets (1–3 %).
 *
 * Each second of the query is scored by the log-likelihood ratio of its hits among the reference peaks aligned with
 * it — reused audio keeping SURVIVING_SHARE of them against the pair's own background rate, measured at offsets a
 * few seconds away (BACKGROUND_SHIFTS_SEC: music in one key and instrumentation agrees there as much as anywhere,
 * a loop at its repeats) — and the best run of seconds is kept as a maximal-segment score (as BLAST scores a local
 * alignment). exact-peak.ts turns it into a chance.
 */
import type { Fingerprints } from '../types';
import { anchorBin } from '../signal/landmarks';
import { lookupSet } from './landmark-match';

/** The share of its peaks reused audio keeps under equal-loudness mixing (see the module comment: 26 of 72). */
export const SURVIVING_SHARE = 0.3;
/** Offsets the pair's background is measured at, relative to the tested one (uneven, so no bar or loop repeats all). */
export const BACKGROUND_SHIFTS_SEC = [-6.1, -4.7, -2.9, -1.3, 1.3, 2.9, 4.7, 6.1];
/** The background rate is taken as no lower than this: a handful of peaks cannot show a rate near zero. */
const MIN_BACKGROUND_RATE = 0.02;
/** Bins per frame of the query's peak map (bins 0–255, as the landmark hash holds them). */
const MAP_BINS = 256;

/** The best run of seconds at one offset, in query frames, and its score (natural-log likelihood ratio). */
export interface PeakOverlap {
  score: number;
  queryStart: number;
  queryEnd: number;
  /** Reference peaks in the run, and how many the query holds. */
  peaks: number;
  hits: number;
  /** The pair's share of hits at the background offsets. */
  backgroundRate: number;
}

/**
 * An overlap score's standout among the query's other candidates: over the largest of theirs, and no less than
 * OVERLAP_FLOOR. Renders of one piece's chords in one synthesiser voice share many peaks with several catalogue
 * tracks at once (own evaluation: an original against two tracks at 284 and 182), a reused recording with one.
 */
export function overlapStandout(score: number, peerScores: readonly number[]): number {
  return score / Math.max(OVERLAP_FLOOR, ...peerScores);
}

/**
 * The floor of overlapStandout's background: what a few dozen peers cannot be trusted to show. Unrelated produced
 * recordings reach 20–48 against one query (recordings, tuning: 64 of 7,368 such pairs reach 20, 8 reach 30).
 */
export const OVERLAP_FLOOR = 30;
/**
 * The overlap standout that confirms a pair standout (exact-peak.ts CONFIRMED_MIN_STANDOUT). On the 66,792
 * should-not-match tuning pairs, 39 reach 1.5 — renders sharing a voice and a key (own, second synth, GM) and none of
 * the produced recordings' (largest 1.48) — but none of them has a pair standout of 2 or more, except a progression
 * re-rendered under a new melody against its own piece (identical chord audio: 2.30 and 5.74).
 */
export const CONFIRMING_OVERLAP_STANDOUT = 1.5;

/**
 * Which (frame, bin) cells hold a query peak or lie a frame from one, one bit each. A copy's peak keeps its bin, but
 * its frame may move by one (the copy's frame grid is not the reference's). A bin either side as well let renders of
 * the same notes in one synthesiser voice, whose peaks fall a bin apart, agree: on the tuning split's should-not-match
 * pairs of produced recordings the largest overlap standout fell from 1.82 to 1.48 with exact bins.
 */
interface PeakMap {
  bits: Uint32Array;
  frames: number;
}

const mapCache = new WeakMap<Fingerprints, PeakMap>();

function peakMap(query: Fingerprints): PeakMap {
  const cached = mapCache.get(query);
  if (cached) return cached;
  const set = lookupSet(query);
  let last = 0;
  for (let i = 0; i < set.times.length; i++) last = Math.max(last, set.times[i]);
  const frames = last + 2;
  const bits = new Uint32Array(Math.ceil((frames * MAP_BINS) / 32));
  const mark = (frame: number, bin: number) => {
    for (let f = Math.max(0, frame - 1); f <= Math.min(frames - 1, frame + 1); f++)
      bits[(f * MAP_BINS + bin) >>> 5] |= 1 << ((f * MAP_BINS + bin) & 31);
  };
  for (let i = 0; i < set.hashes.length; i++) mark(set.times[i], anchorBin(set.hashes[i]));
  const map = { bits, frames };
  mapCache.set(query, map);
  return map;
}

function holds(map: PeakMap, frame: number, bin: number): boolean {
  if (frame < 0 || frame >= map.frames) return false;
  const cell = frame * MAP_BINS + bin;
  return (map.bits[cell >>> 5] & (1 << (cell & 31))) !== 0;
}

/** Peaks as parallel arrays of frame and bin, in time order. */
interface ReferencePeaks {
  frames: Uint32Array;
  bins: Uint16Array;
}

/**
 * The reference's stored peaks (each landmark's anchor, once), as frame and bin, in time order. A stored peak that
 * anchors no landmark (none of its targets in range) is left out; there are few.
 */
function referencePeaks(ref: Fingerprints): ReferencePeaks {
  // One number per peak, ordered by frame, then bin. Landmarks come anchor by anchor in time order (pairLandmarks),
  // so the sort is a check; a set from elsewhere is sorted here.
  const keys = new Float64Array(ref.hashes.length);
  let sorted = true;
  for (let i = 0; i < keys.length; i++) {
    keys[i] = ref.times[i] * MAP_BINS + anchorBin(ref.hashes[i]);
    if (i > 0 && keys[i] < keys[i - 1]) sorted = false;
  }
  if (!sorted) keys.sort();
  const frames = new Uint32Array(keys.length);
  const bins = new Uint16Array(keys.length);
  let n = 0;
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && keys[i] === keys[i - 1]) continue;
    frames[n] = Math.floor(keys[i] / MAP_BINS);
    bins[n++] = keys[i] % MAP_BINS;
  }
  return { frames: frames.subarray(0, n), bins: bins.subarray(0, n) };
}

const referenceCache = new WeakMap<Fingerprints, ReferencePeaks>();

function cachedReferencePeaks(ref: Fingerprints): ReferencePeaks {
  let peaks = referenceCache.get(ref);
  if (!peaks) referenceCache.set(ref, (peaks = referencePeaks(ref)));
  return peaks;
}

/**
 * How the reference's peaks map into the query: query frame = (reference frame − offset) / speed, query bin =
 * reference bin × pitchRatio (a copy pitched up by s semitones: 2^(s/12)).
 */
export interface PeakTransform {
  speed: number;
  pitchRatio: number;
}

const UNCHANGED: PeakTransform = { speed: 1, pitchRatio: 1 };

/**
 * Visits the reference's peaks aligned with the query at `offset` under `t`, in time order: each one's query frame
 * and whether the query holds it there.
 */
function visitAligned(
  map: PeakMap,
  peaks: ReferencePeaks,
  offset: number,
  t: PeakTransform,
  visit: (frame: number, held: boolean) => void,
): void {
  // Reference peaks are in time order: only those aligned with the query are visited.
  for (let i = firstAtOrAfter(peaks.frames, offset); i < peaks.frames.length; i++) {
    const frame = Math.round((peaks.frames[i] - offset) / t.speed);
    if (frame >= map.frames) break;
    const bin = Math.round(peaks.bins[i] * t.pitchRatio);
    // A peak shifted out of the band cannot be seen in the query.
    if (bin < MAP_BINS) visit(frame, holds(map, frame, bin));
  }
}

/** The reference peaks aligned with each second of the query at `offset`, and their hits. */
function perSecond(
  map: PeakMap,
  peaks: ReferencePeaks,
  offset: number,
  t: PeakTransform,
  frameSec: number,
): { peaks: Uint32Array; hits: Uint32Array } {
  const seconds = Math.ceil(map.frames * frameSec) + 1;
  const counts = { peaks: new Uint32Array(seconds), hits: new Uint32Array(seconds) };
  visitAligned(map, peaks, offset, t, (frame, held) => {
    const s = Math.floor(frame * frameSec);
    counts.peaks[s]++;
    if (held) counts.hits[s]++;
  });
  return counts;
}

/** Index of the first of the sorted `frames` at or after `frame`. */
function firstAtOrAfter(frames: Uint32Array, frame: number): number {
  let lo = 0;
  let hi = frames.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (frames[mid] < frame) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The query's best run of seconds holding the reference's peaks at `offset` (reference − query, in frames), or
 * along a transformed copy's line (reference frame = speed × query frame + offset, bins scaled by pitchRatio).
 */
export function peakOverlap(
  query: Fingerprints,
  ref: Fingerprints,
  offset: number,
  transform: PeakTransform = UNCHANGED,
): PeakOverlap {
  const map = peakMap(query);
  const peaks = cachedReferencePeaks(ref);
  const frameSec = query.frameSec;
  let backgroundPeaks = 0;
  let backgroundHits = 0;
  for (const shift of BACKGROUND_SHIFTS_SEC) {
    const counts = perSecond(map, peaks, offset + Math.round(shift / frameSec), transform, frameSec);
    for (let s = 0; s < counts.peaks.length; s++) {
      backgroundPeaks += counts.peaks[s];
      backgroundHits += counts.hits[s];
    }
  }
  const rate = Math.min(
    SURVIVING_SHARE / 2,
    Math.max(MIN_BACKGROUND_RATE, backgroundHits / Math.max(1, backgroundPeaks)),
  );
  const hitScore = Math.log(SURVIVING_SHARE / rate);
  const missScore = Math.log((1 - SURVIVING_SHARE) / (1 - rate));
  const counts = perSecond(map, peaks, offset, transform, frameSec);
  let best: PeakOverlap = { score: 0, queryStart: 0, queryEnd: 0, peaks: 0, hits: 0, backgroundRate: rate };
  let run = { score: 0, first: 0, peaks: 0, hits: 0 };
  for (let s = 0; s < counts.peaks.length; s++) {
    const { peaks: n, hits: h } = { peaks: counts.peaks[s], hits: counts.hits[s] };
    if (n === 0) continue;
    if (run.score <= 0) run = { score: 0, first: s, peaks: 0, hits: 0 };
    run.score += h * hitScore + (n - h) * missScore;
    run.peaks += n;
    run.hits += h;
    if (run.score > best.score)
      best = {
        score: run.score,
        queryStart: Math.round(run.first / frameSec),
        queryEnd: Math.round((s + 1) / frameSec) - 1,
        peaks: run.peaks,
        hits: run.hits,
        backgroundRate: rate,
      };
  }
  return best;
}

/**
 * peakOverlap at the offset within `radius` frames of `around` where the query holds most of the reference's peaks:
 * a line fitted through a handful of agreeing landmarks (a transformed copy's) can lie several frames off, and a
 * peak counts only within one.
 */
export function peakOverlapNear(
  query: Fingerprints,
  ref: Fingerprints,
  around: number,
  transform: PeakTransform,
  radius: number,
): PeakOverlap & { offset: number } {
  const map = peakMap(query);
  const peaks = cachedReferencePeaks(ref);
  let best = { offset: Math.round(around), hits: -1 };
  for (let offset = Math.round(around) - radius; offset <= Math.round(around) + radius; offset++) {
    const hits = hitsAt(map, peaks, offset, transform);
    if (hits > best.hits) best = { offset, hits };
  }
  return { ...peakOverlap(query, ref, best.offset, transform), offset: best.offset };
}

/** The reference's peaks the query holds at `offset` under `t`, all told (perSecond's hits, summed). */
function hitsAt(map: PeakMap, peaks: ReferencePeaks, offset: number, t: PeakTransform): number {
  let hits = 0;
  visitAligned(map, peaks, offset, t, (_frame, held) => {
    if (held) hits++;
  });
  return hits;
}
