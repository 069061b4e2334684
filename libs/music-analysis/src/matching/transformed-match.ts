/**
 * Exact reuse through a pitch shift or a tempo change. Wang's landmarks hash absolute frequency and Δt, so a copy
 * shifted by a semitone or played 6 % faster shares almost no hash with its source. Here the query's landmarks
 * are mapped back into the reference's frame for one transform at a time (frequencies ÷ the pitch ratio, Δt ×
 * the speed: signal/landmarks.ts) and looked up as usual. Under a tempo change the time offset is not constant
 * (reference time = speed × query time + c), and the speed tried is only near the true one, so the votes are
 * counted in two steps: a coarse histogram of c finds the matching stretch despite a small speed error, then a
 * line fitted through its hits gives the exact speed and offset, and only hits within a frame of that line count.
 */
import type { Fingerprints } from '../types';
import { MAX_TRANSFORMED_HASHES, transformedLandmarkHashes } from '../signal/landmarks';
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
 * a bin must hold together, while unrelated hits spread over hundreds of bins.
 */
const COARSE_BIN_FRAMES = 16;
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
        if ((hashes[v] & 0x3f) + dt < 1 || (hashes[v] & 0x3f) + dt > 0x3f) continue;
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

/** The line reference time = speed × query time + offset through the densest coarse bin of hits. */
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
  const inBest = (j: number) => Math.abs(binOf(j) - best) <= 1;
  let line: Line = { speed, offset: (best + 0.5) * COARSE_BIN_FRAMES };
  // Least squares through the hits near the line, twice: the second fit drops hits the first one misplaced.
  for (let round = 0; round < 2; round++) {
    const near = (j: number) =>
      inBest(j) && (round === 0 || Math.abs(refTimes[j] - line.speed * queryTimes[j] - line.offset) <= 4);
    const fitted = leastSquares(queryTimes, refTimes, near);
    if (!fitted) break;
    line = fitted;
  }
  return line;
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
