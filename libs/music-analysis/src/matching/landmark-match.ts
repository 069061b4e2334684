/**
 * Direct comparison of two landmark sets (exact audio): the query's landmarks are looked up in the reference's
 * hash-sorted copy and the matches vote for one time offset (Wang 2003).
 */
import { sortPackedKeys } from '../signal/packed-keys';
import type { ExactAudioPeak, Fingerprints, QueryLandmarks } from '../types';
import { lookupHashes } from '../signal/landmarks';

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
   * Seconds of the query (1 s bins) holding at least two agreeing landmarks (for a direct match: within its aligned
   * stretch). A chance coincidence — the same note in the same timbre — agrees within one or two seconds; a reused
   * recording agrees all along.
   */
  matchedSeconds: number;
}

/** A direct (untransformed) match, which compare.ts scores by the significance of its aligned stretch. */
export interface DirectFingerprintMatch extends FingerprintMatch {
  /** The query stretch where the agreement holds together (alignedStretch). */
  stretch: AlignedStretch;
  /** The per-second rule the stretch was scored by (the query's lookup density). */
  evidence: SecondEvidence;
  /** The offset peak, for judging it among the query's other candidates (exact-peak.ts). */
  peak: OffsetPeak;
}

/**
 * How far the best offset's agreement stands above the pair's own background, for judging it among the query's other
 * candidates (exact-peak.ts). `votes` counts the agreeing landmarks of the longest-voted run of consecutive seconds
 * that each hold some: reused audio is one passage, agreeing every second from its start to its end, while renders
 * of the same chords in one synthesiser voice agree in bursts scattered along the query (own evaluation: a
 * progression under a new melody, 96 votes at its source's offset in seven bursts over 25 s, the longest-voted run
 * 27). `runnerUpVotes` is the best offset at least a second away, all its votes: a pair sharing one loop agrees at
 * many offsets, a reused recording at one. `nearRunnerUpVotes` is the best of those within the run's length of the
 * best offset: a loop both tracks play repeats inside the stretch where they agree, while a passage the reference
 * holds again (a repeated section) lies further away (exact-peak.ts). `queryStart` and `queryEnd` are the run's first
 * and last frame.
 */
export interface OffsetPeak {
  votes: number;
  runnerUpVotes: number;
  nearRunnerUpVotes: number;
  queryStart: number;
  queryEnd: number;
}

/**
 * The stretch of the query where the landmarks agreeing at one offset hold together, as a maximal-segment score along
 * that offset (as BLAST scores a local alignment): each second of the query holding at least STRETCH_SECOND_MIN
 * agreeing landmarks earns min(agreeing, 4) / 2 — 1.5 for three, 2 for four or more (for a query looking up its denser
 * landmarks: QUERY_DENSITY_EVIDENCE, 5 to count and 8 to earn 2), since further landmarks in the same second come from
 * the same notes rather than new evidence (chance agreement comes in bursts of one note's landmarks) — and each second
 * with fewer costs STRETCH_GAP_COST, so chance bursts a silent second apart do not add up (a dense query's second one
 * landmark short, between agreeing seconds, is inconclusive and costs nothing: INCONCLUSIVE_SECOND). A clean sample
 * scores about 2 per second it lasts; compare.ts turns the score into a chance.
 */
export interface AlignedStretch {
  score: number;
  /** First and last agreeing anchor inside the stretch, in query frames (0 and 0 when there is none). */
  queryStart: number;
  queryEnd: number;
}

/** What a second without agreement costs the stretch (see AlignedStretch; measured best of 1 and 2). */
export const STRETCH_GAP_COST = 2;
/** Agreeing landmarks in one second beyond which a second earns no more (see AlignedStretch). */
const STRETCH_SECOND_CAP = 4;
/**
 * Fewer agreeing landmarks than this in a second is no evidence: two a second is what a pair in the same
 * instruments and chords reaches by chance all along (own evaluation: a progression re-rendered under a new melody
 * agreed with its source 2–3 a second over 20 s and read 81 when two counted; the samples of the `effects` source
 * score the same either way).
 */
const STRETCH_SECOND_MIN = 3;

/**
 * Agreeing landmarks a second needs to count (min), and beyond which it earns no more (cap: it earns 2); and the
 * matched seconds (FingerprintMatch.matchedSeconds) a stretch needs before compare.ts reads its chance at all.
 */
export interface SecondEvidence {
  min: number;
  cap: number;
  seconds: number;
  /**
   * Agreeing landmarks (fewer than min) that make a second inconclusive rather than absent: between two earning
   * seconds (with only inconclusive ones between them) it neither earns nor costs, before a gap it costs as a gap,
   * and next to either end of the stretch it counts as a matched second (see INCONCLUSIVE_SECOND). Without it every
   * second below min costs STRETCH_GAP_COST.
   */
  inconclusive?: number;
}

/**
 * Seconds of agreeing audio below which a match is chance: the same synthetic note in the same timbre agrees within
 * 1–2 s (measured on unrelated renders), unrelated pieces with the same drum kit reach 3 s. For a query looking up
 * its denser landmarks see DENSE_MIN_SECONDS.
 */
export const MIN_EXACT_SECONDS = 3;

/** A query that looks up only the stored landmarks (a catalogue track's features): see STRETCH_SECOND_MIN. */
export const STORED_DENSITY_EVIDENCE: SecondEvidence = {
  min: STRETCH_SECOND_MIN,
  cap: STRETCH_SECOND_CAP,
  seconds: MIN_EXACT_SECONDS,
};
/**
 * Matched seconds a dense query's stretch needs (see QUERY_DENSITY_EVIDENCE). Renders in the same synthesiser voice
 * as a catalogue track share up to 4 s of identical audio by chance (a held chord, a phrase of the same notes), which
 * a dense query finds as clean agreement: measured on every should-not-match query–reference pair of the tuning split
 * (59,381 pairs: the own, second-synth, GM and effects originals, progression-only queries, and every query against
 * the tracks it does not derive from), 56 of the 58 pairs whose stretch scored ≥ 4 agreed within ≤ 4 matched seconds
 * (tools/eval/null/pair-stats.ts), among them the second-synth original flagged at 74 and own originals at 58–59.
 * Every sample of the effects source that reached similarity 80 agreed over 5–12 seconds (5 s is the shortest sample
 * the issue asks to find), copies over ≥ 8. At 5, two should-not-match pairs keep a stretch (9.25 and 8.5, own
 * melody and cover queries against unrelated tracks), and the tuning split's second-synth originals flagged fell from
 * 6 % to 0 % (that original 74 → 26) with the samples at 83 % as before.
 */
const DENSE_MIN_SECONDS = 5;
/**
 * A dense query's second holding 4 agreeing landmarks, one short of QUERY_DENSITY_EVIDENCE.min, is inconclusive
 * (SecondEvidence.inconclusive): a sample mixed at equal loudness under other music loses most of its landmarks to the
 * backing, unevenly from second to second, and its last second loses those whose targets lie after its end (up to
 * 0.73 s). Measured on the robustness curve's samples (tools/bench/sample-dump.ts, 6 pieces, exact-audio similarity ≥
 * 80): counted at the stretch's edge, a 5 s sample whose last second held 4 reached 5 matched seconds (5 s: 3 → 4 of
 * 6); not costing between earning seconds, the heavily masked piece's 8 and 10 s samples held together over two
 * 4-agreeing seconds (scores 5.5 → 9.5 and 7.5 → 11.5; 8 s and 10 s: 5 → 6 of 6). The two 5 s samples still missed are
 * masked, not misjudged: 2–14 of the reference's 43–58 and 1–8 of its 25–39 stored landmarks a second agree (17–36 and
 * 9–27 without the backing, where all six 5 s samples score 10 over 5 s). On every should-not-match pair of the tuning
 * split (59,381: own, second-synth, GM and effects; tools/eval/null/pair-stats.ts), pairs at exact-audio similarity ≥
 * 60 stay 2 (the own melody and cover queries against unrelated tracks that DENSE_MIN_SECONDS kept, at 80.9 and 72.5 as
 * before), one more reaches 40 (GM, a borrowed melody against an unrelated tune: 0 → 47.5). At 3 (STRETCH_SECOND_MIN)
 * the edge rule alone let a lossy copy's 4 chance seconds against an unrelated track reach 61.4 and 3 more pairs 40;
 * letting an inconclusive second before a gap cost nothing too raised that cover's 72.5 to 87.2.
 */
const INCONCLUSIVE_SECOND = 4;
/**
 * A query that looks up its denser landmarks (Fingerprints.query, ≈ 7× the stored ones) meets more agreement in
 * every second, by chance too: unrelated renders in the same instruments share notes, and a second of them now
 * agrees 3–5 times where it agreed 2–3 times. A second needs 5 agreeing to count and earns its full 2 at 8
 * (measured on the tuning split, gated stretch scores: `own` originals' best unrelated track 7.5–10.5 → 6–8 over
 * the top four, while the effects samples' scores rose from 7 of 23 at 0 to 2 of 23; 3/4 at this density let the
 * originals reach 12).
 */
export const QUERY_DENSITY_EVIDENCE: SecondEvidence = {
  min: 5,
  cap: 8,
  seconds: DENSE_MIN_SECONDS,
  inconclusive: INCONCLUSIVE_SECOND,
};

/**
 * The aligned stretch of agreeing anchors (query frames, any order) on a query of `frameSec` seconds per frame.
 * `available`, when given, holds for each second of the query the reference landmarks aligned with it: a second
 * where the reference stores fewer than `evidence.min` (a held note, a rest, or beyond the reference's ends) cannot
 * show agreement, so it neither earns nor costs. A clean copy of sparse music (a synthetic song's sustained chords:
 * 0–4 stored landmarks in 4 of its 10 seconds) otherwise broke into 3 s pieces at a dense query's 5 a second; on the
 * evaluation's music such seconds are rare (9 of 37,974 seconds without agreement, own and GM pairs) and no score
 * of its 59,381 should-not-match pairs or its samples changes.
 */
export function alignedStretch(
  agreeingTimes: ArrayLike<number>,
  frameSec: number,
  evidence: SecondEvidence = STORED_DENSITY_EVIDENCE,
  available?: ArrayLike<number>,
): AlignedStretch {
  const none: AlignedStretch = { score: 0, queryStart: 0, queryEnd: 0 };
  if (agreeingTimes.length === 0) return none;
  const seconds = new Map<number, { count: number; first: number; last: number }>();
  for (let i = 0; i < agreeingTimes.length; i++) {
    const t = agreeingTimes[i]!;
    const s = Math.floor(t * frameSec);
    const cell = seconds.get(s);
    if (!cell) seconds.set(s, { count: 1, first: t, last: t });
    else {
      cell.count++;
      cell.first = Math.min(cell.first, t);
      cell.last = Math.max(cell.last, t);
    }
  }
  const keys = [...seconds.keys()].sort((a, b) => a - b);
  let best = none;
  let run = 0;
  let runStart = 0;
  // Inconclusive seconds since the last earning one: free when the next second that decides earns, charged as gaps
  // when it does not (an inconclusive second only bridges agreement, it does not extend it).
  let pending = 0;
  for (let s = keys[0]!; s <= keys[keys.length - 1]!; s++) {
    const cell = seconds.get(s);
    if (
      cell &&
      cell.count < evidence.min &&
      evidence.inconclusive !== undefined &&
      cell.count >= evidence.inconclusive
    ) {
      pending += STRETCH_GAP_COST;
      continue;
    }
    const earned =
      cell && cell.count >= evidence.min
        ? (2 * Math.min(cell.count, evidence.cap)) / evidence.cap
        : available && (available[s] ?? 0) < evidence.min
          ? 0
          : -STRETCH_GAP_COST;
    if (earned < 0) run -= pending;
    if (earned !== 0) pending = 0;
    if (run <= 0 && earned > 0) {
      run = 0;
      runStart = cell!.first;
    }
    run += earned;
    if (run > best.score) best = { score: run, queryStart: runStart, queryEnd: cell!.last };
  }
  return best;
}

/** Reference landmarks sorted by hash, for direct pairwise matching without the 2^21-bucket index. */
export interface SortedLandmarks {
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
  sortPackedKeys(keys);
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
export interface QueryLookup {
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
  const set = lookupSet(fp);
  const keys = lookupKeys(set);
  const entryTime = new Uint32Array(keys.length);
  const entryRank = new Uint32Array(keys.length);
  const groupHashes: number[] = [];
  const groupStarts: number[] = [];
  for (let j = 0; j < keys.length; j++) {
    const h = Math.floor(keys[j] / TIME_SPAN);
    entryRank[j] = keys[j] - h * TIME_SPAN;
    entryTime[j] = set.times[Math.floor(entryRank[j] / LOOKUPS_PER_LANDMARK)];
    if (j === 0 || h !== groupHashes[groupHashes.length - 1]) {
      groupHashes.push(h);
      groupStarts.push(j);
    }
  }
  groupStarts.push(keys.length);
  const sortedTimes = set.times.slice().sort();
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

/**
 * The tables matchFingerprints builds of a query's and a reference's landmarks (queryLookup, sortByHash), built now
 * if they are not yet, so they can go with the landmarks to another thread (adoptLandmarkTables) instead of being
 * built there again: the helper thread receives copies of the features with every comparison job, and a copy is a
 * new object to the caches. Measured on the bench's 3-minute query: its lookup table costs ≈ 24 ms to build.
 */
export function landmarkTables(query: Fingerprints, refs: readonly Fingerprints[]): LandmarkTables {
  return { query: queryLookup(query), refs: refs.map(sortByHash) };
}

export interface LandmarkTables {
  query: QueryLookup;
  refs: SortedLandmarks[];
}

/** Caches tables built elsewhere (landmarkTables of the same landmarks) for these copies of the landmarks. */
export function adoptLandmarkTables(query: Fingerprints, refs: readonly Fingerprints[], tables: LandmarkTables): void {
  if (refs.length !== tables.refs.length) throw new RangeError('one sorted table per reference');
  queryCache.set(query, tables.query);
  refs.forEach((ref, i) => sortedCache.set(ref, tables.refs[i]));
}

/** The landmarks a query looks up: its denser query set when it has one (see Fingerprints.query). */
export function lookupSet(fp: Fingerprints): QueryLandmarks {
  return fp.query ?? fp;
}

/** Every (lookup hash, visit rank) of the query packed into one exact double, sorted (as in sortByHash). */
function lookupKeys(fp: QueryLandmarks): Float64Array {
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
  return sortPackedKeys(keys.subarray(0, n));
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
export function matchFingerprints(query: Fingerprints, ref: Fingerprints): DirectFingerprintMatch {
  const evidence = query.query ? QUERY_DENSITY_EVIDENCE : STORED_DENSITY_EVIDENCE;
  const none: DirectFingerprintMatch = {
    votes: 0,
    offset: 0,
    queryLandmarksInSpan: query.hashes.length,
    queryStart: 0,
    queryEnd: 0,
    matchedSeconds: 0,
    stretch: { score: 0, queryStart: 0, queryEnd: 0 },
    evidence,
    peak: { votes: 0, runnerUpVotes: 0, nearRunnerUpVotes: 0, queryStart: 0, queryEnd: 0 },
  };
  const lookup = queryLookup(query);
  const sorted = sortByHash(ref);
  const hits = collectHits(lookup, sorted);
  const hit = bestOffset(hits, lookup.maxTime, sorted.maxTime, Math.round(1 / query.frameSec));
  if (!hit) return none;
  let start = Infinity;
  let end = -Infinity;
  const perSecond = new Uint32Array(Math.floor(lookup.maxTime * query.frameSec) + 1);
  const agreeing: number[] = [];
  for (let j = 0; j < hits.count; j++) {
    const queryTime = hits.queryTimes[j];
    if (Math.abs(hits.refTimes[j] - queryTime - hit.offset) > 1) continue;
    agreeing.push(queryTime);
    if (queryTime < start) start = queryTime;
    if (queryTime > end) end = queryTime;
    perSecond[Math.floor(queryTime * query.frameSec)]++;
  }
  const stretch = alignedStretch(
    agreeing,
    query.frameSec,
    evidence,
    alignedReferenceSeconds(ref.times, hit.offset, query.frameSec, perSecond.length),
  );
  // Seconds of agreement count only inside the stretch: a query that looks up denser landmarks than the catalogue
  // stores (Fingerprints.query) meets two chance agreements in many seconds of an unrelated track in the same
  // instruments, scattered along it rather than holding together.
  let matchedSeconds = 0;
  const [first, last] = [stretch.queryStart, stretch.queryEnd].map((t) => Math.floor(t * query.frameSec));
  for (let s = first; s <= last && stretch.score > 0; s++) if (perSecond[s] >= 2) matchedSeconds++;
  // An inconclusive second just outside either end (SecondEvidence.inconclusive) is the reused audio's edge: a
  // sample's last second keeps fewer landmarks, as their targets lie after it.
  const edge = evidence.inconclusive;
  if (edge !== undefined && stretch.score > 0) {
    if (first > 0 && perSecond[first - 1] >= edge) matchedSeconds++;
    if (last + 1 < perSecond.length && perSecond[last + 1] >= edge) matchedSeconds++;
  }
  return {
    votes: hit.votes,
    offset: hit.offset,
    queryLandmarksInSpan: countInRange(lookup.sortedTimes, start, end),
    queryStart: start,
    queryEnd: end,
    matchedSeconds,
    stretch,
    evidence,
    peak: offsetPeak(agreeingRun(perSecond, query.frameSec), hit),
  };
}

/** A direct match's offset peak in seconds, as the candidates of one query are judged by it (exact-peak.ts). */
export function exactAudioPeak(m: DirectFingerprintMatch, frameSec: number): ExactAudioPeak {
  return {
    votes: m.peak.votes,
    runnerUpVotes: m.peak.runnerUpVotes,
    nearRunnerUpVotes: m.peak.nearRunnerUpVotes,
    queryStartSec: m.peak.queryStart * frameSec,
    queryEndSec: m.peak.queryEnd * frameSec,
    offsetSec: m.offset * frameSec,
  };
}

/** The agreeing run (agreeingRun) with the pair's runner-up offsets: anywhere, and within the run's length. */
function offsetPeak(run: AgreeingRun, hit: BestOffset): OffsetPeak {
  const reach = run.queryEnd - run.queryStart + 1;
  return { ...run, runnerUpVotes: hit.runnerUpVotes, nearRunnerUpVotes: hit.runnerUpWithin(reach) };
}

type AgreeingRun = Omit<OffsetPeak, 'runnerUpVotes' | 'nearRunnerUpVotes'>;

/** The run of consecutive seconds holding agreement with the most agreeing landmarks, in frames (see OffsetPeak). */
function agreeingRun(perSecond: Uint32Array, frameSec: number): AgreeingRun {
  let best = { votes: 0, first: 0, last: 0 };
  let run = { votes: 0, first: 0 };
  for (let s = 0; s < perSecond.length; s++) {
    if (perSecond[s] === 0) {
      run = { votes: 0, first: s + 1 };
      continue;
    }
    run.votes += perSecond[s];
    if (run.votes > best.votes) best = { votes: run.votes, first: run.first, last: s };
  }
  return {
    votes: best.votes,
    queryStart: Math.round(best.first / frameSec),
    queryEnd: Math.round((best.last + 1) / frameSec) - 1,
  };
}

/** Reference landmarks (anchor times in frames) aligned at `offset` with each of the query's first `seconds` seconds. */
function alignedReferenceSeconds(
  refTimes: Uint32Array,
  offset: number,
  frameSec: number,
  seconds: number,
): Uint32Array {
  const counts = new Uint32Array(seconds);
  for (let i = 0; i < refTimes.length; i++) {
    const t = refTimes[i] - offset;
    if (t < 0) continue;
    const s = Math.floor(t * frameSec);
    if (s < seconds) counts[s]++;
  }
  return counts;
}

/** bestOffset's answer: the offset, its votes and the pair's runner-up offsets' (OffsetPeak). */
interface BestOffset {
  votes: number;
  offset: number;
  runnerUpVotes: number;
  /** The most votes at an offset more than `apart` and at most `reach` frames from the best. */
  runnerUpWithin(reach: number): number;
}

/**
 * The offset (reference time − query time) with the most votes counting its ±1 neighbours, as bestOffsets
 * finds it, in a typed histogram over all possible offsets instead of a Map. Ties go to the offset a scan over
 * the query's lookups would hit first (as with a Map's insertion order): the smallest hit `order` per offset.
 * With it, the most votes at any offset more than `apart` frames from it (OffsetPeak.runnerUpVotes), and a reading
 * of the same within a reach (OffsetPeak.nearRunnerUpVotes).
 */
function bestOffset(hits: Hits, queryMaxTime: number, refMaxTime: number, apart: number): BestOffset | undefined {
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
  const votesAt = (at: number) =>
    counts[at] + (at > 0 ? counts[at - 1] : 0) + (at + 1 < counts.length ? counts[at + 1] : 0);
  let best: { votes: number; offset: number; first: number } | undefined;
  for (let i = 0; i < distinct; i++) {
    const at = touched[i];
    const score = votesAt(at);
    if (!best || score > best.votes || (score === best.votes && first[at] < best.first))
      best = { votes: score, offset: at - bias, first: first[at] };
  }
  if (!best) return undefined;
  const offset = best.offset;
  const runnerUpWithin = (reach: number): number => {
    let votes = 0;
    for (let i = 0; i < distinct; i++) {
      const distance = Math.abs(touched[i] - bias - offset);
      if (distance > apart && distance <= reach) votes = Math.max(votes, votesAt(touched[i]));
    }
    return votes;
  };
  return { votes: best.votes, offset, runnerUpVotes: runnerUpWithin(Infinity), runnerUpWithin };
}
