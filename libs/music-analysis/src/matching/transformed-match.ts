/**
 * Exact reuse through a pitch shift or a tempo change. Wang's landmarks hash absolute frequency and Δt, so a copy
 * shifted by a semitone or played 6 % faster shares almost no hash with its source. Here the query's landmarks
 * are mapped back into the reference's frame for one transform at a time (frequencies ÷ the pitch ratio, Δt ×
 * the speed: signal/landmarks.ts) and looked up as usual. Under a tempo change the time offset is not constant
 * (reference time = speed × query time + c), and the speed tried is only near the true one, so the votes are
 * counted in two steps: a coarse histogram of c finds the matching stretch despite a small speed error, then the
 * line most of its hits lie on gives the exact speed and offset, and only hits within a frame of that line count.
 */
import type { Fingerprints } from '../types';
import { MAX_TRANSFORMED_HASHES, landmarkDt, transformedLandmarkHashes } from '../signal/landmarks';
import type { FingerprintMatch } from './landmark-match';

/** A transform of the reference that gives the query: semitones up, and query tempo / reference tempo. */
export interface LandmarkTransform {
  semitones: number;
  speed: number;
}

/** A transformed match: the votes and spans of FingerprintMatch, plus the speed the fitted line found. */
export interface TransformedMatch extends FingerprintMatch {
  speed: number;
}

/**
 * Width, in frames, of the coarse offset bins (0.19 s): a speed 1.5 % off drifts by less than this over the 12 s
 * a bin must hold together, while unrelated hits spread over hundreds of bins. The fingerprint index's stretched
 * lookups count their votes in the same bins (FingerprintIndex.queryStretched).
 */
export const COARSE_BIN_FRAMES = 16;
/** Hits within this many frames of the fitted line count as votes (the ±1 frame tolerance of the exact match). */
const LINE_TOLERANCE_FRAMES = 1.5;

/** The most the fitted speed may differ from the speed tried (Δt of up to 63 frames is looked up ±1 frame). */
const MAX_SPEED_CORRECTION = 0.03;

/** Query landmarks mapped into the reference's frame: lookup hash → the (scaled) query times that have it. */
type TransformedQuery = Map<number, number[]>;

const transformedCache = new WeakMap<Fingerprints, Map<string, TransformedQuery>>();

function transformedQuery(query: Fingerprints, t: LandmarkTransform): TransformedQuery {
  let perQuery = transformedCache.get(query);
  if (!perQuery) transformedCache.set(query, (perQuery = new Map()));
  const key = `${t.semitones}:${t.speed.toFixed(4)}`;
  const cached = perQuery.get(key);
  if (cached) return cached;
  const table: TransformedQuery = new Map();
  const hashes = new Uint32Array(MAX_TRANSFORMED_HASHES);
  const ratio = 2 ** (t.semitones / 12);
  for (let i = 0; i < query.hashes.length; i++) {
    const count = transformedLandmarkHashes(query.hashes[i], ratio, t.speed, hashes);
    for (let v = 0; v < count; v++) {
      // The same pair one frame closer or further, as in the exact lookup (frame grids are not aligned).
      for (const dt of [0, -1, 1]) {
        const h = hashes[v] + dt;
        if (landmarkDt(hashes[v]) + dt < 1 || landmarkDt(hashes[v]) + dt > 0x3f) continue;
        const times = table.get(h);
        if (times) times.push(query.times[i]);
        else table.set(h, [query.times[i]]);
      }
    }
  }
  perQuery.set(key, table);
  return table;
}

/** Matches query against ref under one transform; null when no stretch of them agrees. */
export function matchTransformed(
  query: Fingerprints,
  ref: Fingerprints,
  t: LandmarkTransform,
): TransformedMatch | null {
  const table = transformedQuery(query, t);
  const queryTimes: number[] = [];
  const refTimes: number[] = [];
  for (let e = 0; e < ref.hashes.length; e++) {
    const times = table.get(ref.hashes[e]);
    if (!times) continue;
    for (const tq of times) {
      queryTimes.push(tq);
      refTimes.push(ref.times[e]);
    }
  }
  const line = fitLine(queryTimes, refTimes, t.speed);
  // Hashes only match within about this much of the speed tried; a line far off it was fitted through chance hits.
  if (!line || Math.abs(line.speed / t.speed - 1) > MAX_SPEED_CORRECTION) return null;
  return votesAlong(query, queryTimes, refTimes, line);
}

interface Line {
  speed: number;
  offset: number;
}

/**
 * The line reference time = speed × query time + offset through the densest coarse bin of hits: among the hits in
 * that bin and its neighbours, the line within MAX_SPEED_CORRECTION of the speed tried that the most of them lie on
 * (within LINE_TOLERANCE_FRAMES), refitted by least squares through those. A least-squares fit through the whole
 * band instead was tilted by the chance hits in it, so whether a copy was found depended on which speed was tried:
 * a Wesnoth track played at 125 % fitted 1.244 with 10 votes from the search's 1.246, and 1.33 (no match) from
 * exactly 1.25, while 1.23 and 1.255 fitted 1.25 with 72 votes over 16 s. Found this way, it fits 1.25 with 77–81
 * votes over 17 s from any speed tried between 1.22 and 1.27.
 */
function fitLine(queryTimes: number[], refTimes: number[], speed: number): Line | null {
  if (queryTimes.length < 2) return null;
  const bins = new Map<number, number>();
  const binOf = (j: number) => Math.floor((refTimes[j] - speed * queryTimes[j]) / COARSE_BIN_FRAMES);
  for (let j = 0; j < queryTimes.length; j++) bins.set(binOf(j), (bins.get(binOf(j)) ?? 0) + 1);
  let best = 0;
  let bestVotes = 0;
  for (const [bin, n] of bins) {
    const votes = n + (bins.get(bin - 1) ?? 0) + (bins.get(bin + 1) ?? 0);
    if (votes > bestVotes) [best, bestVotes] = [bin, votes];
  }
  const inBand = (j: number) => Math.abs(binOf(j) - best) <= 1;
  const band: number[] = [];
  for (let j = 0; j < queryTimes.length; j++) if (inBand(j)) band.push(j);
  const line = densestLine(band, queryTimes, refTimes, speed);
  if (!line) return null;
  const onLine = (j: number) =>
    inBand(j) && Math.abs(refTimes[j] - line.speed * queryTimes[j] - line.offset) <= LINE_TOLERANCE_FRAMES;
  return leastSquares(queryTimes, refTimes, onLine) ?? line;
}

/** Most speeds densestLine tries: its step drifts a frame over the hits' span, or this fine when that is finer. */
const MAX_LINE_SPEEDS = 400;

/**
 * The line through the most of the hits `band` (indices): its speed searched within MAX_SPEED_CORRECTION of `speed`
 * in steps that drift at most a frame over the hits' span, its offset as the window of LINE_TOLERANCE_FRAMES either
 * side that holds the most hits; of equal lines, the one nearest `speed`.
 */
function densestLine(band: number[], queryTimes: number[], refTimes: number[], speed: number): Line | null {
  if (band.length < 3) return null;
  let first = Infinity;
  let last = -Infinity;
  for (const j of band) [first, last] = [Math.min(first, queryTimes[j]), Math.max(last, queryTimes[j])];
  if (!(last > first)) return null;
  const reach = speed * MAX_SPEED_CORRECTION;
  const step = Math.max(1 / (last - first), (2 * reach) / MAX_LINE_SPEEDS);
  const offsets = new Float64Array(band.length);
  let best: Line | null = null;
  let bestCount = 2;
  // Outward from the speed tried, so that of lines holding as many hits the nearest one is kept: a pitch shift keeps
  // the tempo, and its few agreeing landmarks fit many slopes.
  for (let k = 0; Math.abs(k) * step <= reach; k = k > 0 ? -k : 1 - k) {
    const s = speed + k * step;
    band.forEach((j, i) => (offsets[i] = refTimes[j] - s * queryTimes[j]));
    offsets.sort();
    for (let from = 0, to = 0; to < offsets.length; to++) {
      while (offsets[to] - offsets[from] > 2 * LINE_TOLERANCE_FRAMES) from++;
      if (to - from + 1 > bestCount) {
        bestCount = to - from + 1;
        best = { speed: s, offset: (offsets[to] + offsets[from]) / 2 };
      }
    }
  }
  return best;
}

function leastSquares(x: number[], y: number[], use: (j: number) => boolean): Line | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let j = 0; j < x.length; j++) {
    if (!use(j)) continue;
    n++;
    sx += x[j];
    sy += y[j];
    sxx += x[j] * x[j];
    sxy += x[j] * y[j];
  }
  const spread = n * sxx - sx * sx;
  // Hits from one instant cannot give a slope.
  if (n < 3 || spread <= 0) return null;
  const speed = (n * sxy - sx * sy) / spread;
  return { speed, offset: (sy - speed * sx) / n };
}

/** Votes, span and seconds of agreement along the fitted line, as matchFingerprints reports them. */
function votesAlong(query: Fingerprints, queryTimes: number[], refTimes: number[], line: Line): TransformedMatch {
  let votes = 0;
  let start = Infinity;
  let end = -Infinity;
  const perSecond = new Map<number, number>();
  const counted = new Set<number>();
  for (let j = 0; j < queryTimes.length; j++) {
    const tq = queryTimes[j];
    if (Math.abs(refTimes[j] - line.speed * tq - line.offset) > LINE_TOLERANCE_FRAMES) continue;
    // One vote per reference landmark instant and query instant pair, as a variant lookup may hit twice.
    const pair = tq * 65_536 + (refTimes[j] & 0xffff);
    if (counted.has(pair)) continue;
    counted.add(pair);
    votes++;
    start = Math.min(start, tq);
    end = Math.max(end, tq);
    const second = Math.floor(tq * query.frameSec);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  let inSpan = 0;
  for (let i = 0; i < query.times.length; i++) if (query.times[i] >= start && query.times[i] <= end) inSpan++;
  let matchedSeconds = 0;
  for (const n of perSecond.values()) if (n >= 2) matchedSeconds++;
  return {
    votes,
    offset: Math.round(line.offset),
    speed: line.speed,
    queryLandmarksInSpan: Math.max(inSpan, 1),
    queryStart: Number.isFinite(start) ? start : 0,
    queryEnd: Number.isFinite(end) ? end : 0,
    matchedSeconds,
  };
}
