/**
 * The null model: how strong a match unrelated tracks reach by chance, per dimension, fitted on the catalogue
 * itself (as BLAST turns an alignment score into an E-value).
 *
 * A sample of catalogue pairs (two different tracks, drawn with a seeded generator, so the same catalogue always
 * gives the same model) is compared dimension by dimension, and the raw scores (DimensionComparison.evidence) are
 * fitted with the Karlin–Altschul extreme-value form, scaled by the size of the space searched:
 *
 *   P(S ≥ s) = positive · (1 − exp(−K · cells · e^(−λ·s)))   for s > 0,   1 for s ≤ 0
 *
 * `cells` is notes × notes for melody and beats × beats for harmony (a longer or denser pair has more places to
 * meet by chance), 1 for the single-valued chord-progression and rhythm scores. Melody and harmony scores are
 * already net of the reversed-reference null (same material, no shared order), which takes out repetitiveness;
 * `positive` is the share of unrelated pairs with any net score. λ and K are the maximum-likelihood fit of the
 * Gumbel law to the positive scores (for a given λ, K has a closed form; λ is a one-dimensional search).
 *
 * Unrelated music is not random sequence: two pieces on the same common loop meet far beyond what the Gumbel bulk
 * predicts (in the demo catalogue one pair in 600 reached a net harmony score of 36 beats, 13 orders of magnitude
 * beyond the fit). So the top TAIL_SHARE of the length-normalised scores u = λ·s − ln(K·cells) is fitted again
 * with an exponential (mean excess over its threshold, but no lighter than the line through the largest score at
 * 1 in the pairs compared), and the chance is the larger of the two laws: it never claims a score rarer than the
 * catalogue's own tail shows it to be.
 *
 * A catalogue too small to sample (fewer than MIN_FIT_TRACKS tracks, e.g. in tests) uses PRIOR_NULL_MODEL,
 * fitted offline on four kinds of music, one law each, and reads the largest chance of the four; so does any
 * dimension with too few positive scores in the sample.
 */
import type { MatchEvidence, TrackFeatures } from '../types';
import type { PriorArtModel } from './prior-art';
import { compareMelodies } from './compare-melody';
import { compareHarmony } from './compare-harmony';
import { compareChordProgressions } from './compare-chords';
import { compareRhythm } from './compare-rhythm';
import { withMelodyGrid } from './melody-grid';
import { harmonyAsScored } from './harmony-run';

export const CALIBRATED_DIMENSIONS = ['melody', 'harmony', 'chordProgression', 'rhythm'] as const;
export type CalibratedDimension = (typeof CALIBRATED_DIMENSIONS)[number];
/**
 * The chance laws a model holds: one per calibrated dimension, the melody's second reading, on the beat grid
 * (melody-grid.ts), which calibrate.ts reads beside the note alignment's, and the harmony's, beat by beat
 * (harmony-run.ts), read beside Qmax.
 */
export const NULL_LAWS = [...CALIBRATED_DIMENSIONS, 'melodyGrid', 'harmonyRun'] as const;
export type NullLaw = (typeof NULL_LAWS)[number];

/** One dimension's fitted chance law (see the module comment). */
export interface ScoreTail {
  /** Share of unrelated pairs with a score above 0. */
  positive: number;
  lambda: number;
  logK: number;
  /** Positive scores the fit was made from. */
  samples: number;
  /** Heavy tail: from normalised score `tailStart` on, P ≥ tailShare · e^(−(u − tailStart)/tailScale). */
  tailStart: number;
  tailShare: number;
  tailScale: number;
}

export interface NullModelJson {
  /** 'catalogue' when fitted on the catalogue it serves, 'prior' for the offline fit. */
  source: 'catalogue' | 'prior';
  /** Catalogue pairs compared for the fit. */
  pairs: number;
  /**
   * Per dimension, the chance laws the model reads, and a chance is the largest of them: one law when fitted on the
   * catalogue it serves, one per kind of music for the prior (see PRIOR_NULL_MODEL).
   */
  tails: Record<NullLaw, ScoreTail[]>;
}

/** Below this many tracks a catalogue is too small to fit its own null model. */
export const MIN_FIT_TRACKS = 20;
/**
 * Pairs compared for a fit: at least MIN_NULL_PAIRS, then more until every calibrated dimension has
 * TAIL_POSITIVES positive scores, at most MAX_NULL_PAIRS. The heavy tail is the top TAIL_SHARE of the positive
 * scores, and its scale is what a strong match's chance is extrapolated with, often ten e-folds beyond the tail's
 * start: fitted on k scores the scale has a relative standard error of about 1/√k, and the chance at ten e-folds
 * that error times ten in its exponent. With 150 pairs the 35-piece GM catalogue had 23 positive melody scores, a
 * "tail" of their top 35 % whose scale moved from 1.9 to 3.3 with the seed alone, and a borrowed melody aligned
 * over its whole length read a chance of 1e-4 in the catalogue. TAIL_SCORES real tail scores (error 25 %) cost
 * 700–1,100 pairs on the evaluation catalogues, each pair one full comparison (3–7 ms; about 13 ms on a loaded
 * 2-core machine), once per catalogue.
 */
export const MIN_NULL_PAIRS = 150;
export const MAX_NULL_PAIRS = 1200;
/** A dimension fitted from fewer positive scores than this keeps the prior's law. */
const MIN_TAIL_SAMPLES = 12;
/** Share of the positive scores (at least MIN_TAIL_SCORES of them) the heavy tail is fitted on. */
const TAIL_SHARE = 0.1;
const MIN_TAIL_SCORES = 8;

export class NullModel {
  constructor(readonly json: NullModelJson) {}

  /** Probability that one unrelated track reaches this evidence under this law (1 for no evidence). */
  perTrack(law: NullLaw, evidence: MatchEvidence | undefined): number {
    if (!evidence || !(evidence.score > 0)) return 1;
    return Math.min(1, Math.max(...this.json.tails[law].map((t) => lawChance(t, evidence))));
  }
}

/** One law's chance that an unrelated track reaches this (positive) evidence: the Gumbel bulk or the heavy tail. */
function lawChance(t: ScoreTail, evidence: MatchEvidence): number {
  const u = normalisedScore(t, evidence);
  const gumbel = t.positive * -Math.expm1(-Math.exp(-u));
  const tail = u >= t.tailStart ? t.tailShare * Math.exp(-(u - t.tailStart) / t.tailScale) : 0;
  return Math.max(gumbel, tail);
}

/**
 * The null model of a catalogue: fitted on seeded pairs of its tracks (as many as the tails need, see
 * MIN_NULL_PAIRS), or the prior when it has fewer than MIN_FIT_TRACKS. `seed` should identify the catalogue's
 * content (its version).
 */
export function fitNullModel(
  tracks: readonly TrackFeatures[],
  priorArt: PriorArtModel,
  seed: string,
  maxPairs = MAX_NULL_PAIRS,
): NullModel {
  if (tracks.length < MIN_FIT_TRACKS) return new NullModel(PRIOR_NULL_MODEL);
  const candidates = samplePairs(tracks.length, maxPairs, seed);
  const samples = nullSamples(tracks, priorArt, candidates, tailsComplete);
  const tails = {} as Record<NullLaw, ScoreTail[]>;
  for (const d of NULL_LAWS) {
    const tail = fitScoreTail(samples[d]);
    tails[d] = tail.samples >= MIN_TAIL_SAMPLES ? [tail] : PRIOR_NULL_MODEL.tails[d];
  }
  return new NullModel({ source: 'catalogue', pairs: samples.melody.length, tails });
}

/** Tail scores the fit wants per dimension (see MIN_NULL_PAIRS), and the positive scores that takes. */
const TAIL_SCORES = 16;
export const TAIL_POSITIVES = Math.ceil(TAIL_SCORES / TAIL_SHARE);

/** Enough pairs compared: at least MIN_NULL_PAIRS, and every dimension's tail made of real tail scores. */
function tailsComplete(samples: Record<NullLaw, MatchEvidence[]>): boolean {
  if (samples.melody.length < MIN_NULL_PAIRS) return false;
  return NULL_LAWS.every((d) => samples[d].filter((e) => e.score > 0).length >= TAIL_POSITIVES);
}

/**
 * Raw evidence of every calibrated dimension for each pair (a missing comparison counts as score 0), in the
 * pairs' order, stopping early once `enough` says so.
 */
export function nullSamples(
  tracks: readonly TrackFeatures[],
  priorArt: PriorArtModel,
  pairs: readonly [number, number][],
  enough: (samples: Record<NullLaw, MatchEvidence[]>) => boolean = () => false,
): Record<NullLaw, MatchEvidence[]> {
  const out = { melody: [], harmony: [], chordProgression: [], rhythm: [], melodyGrid: [], harmonyRun: [] } as Record<
    NullLaw,
    MatchEvidence[]
  >;
  const none: MatchEvidence = { score: 0, cells: 1 };
  const excerpts = new Map<number, TrackFeatures>();
  const excerptOf = (i: number): TrackFeatures => {
    let e = excerpts.get(i);
    if (!e) excerpts.set(i, (e = nullExcerpt(tracks[i]!)));
    return e;
  };
  for (const [i, j] of pairs) {
    const a = excerptOf(i);
    const b = excerptOf(j);
    const alignments = [compareMelodies(a.melody, b.melody), compareHarmony(a.beatChroma, b.beatChroma)];
    const chords = compareChordProgressions(a, b, priorArt);
    const melody = withMelodyGrid(alignments[0]!, [...alignments, chords], a, b);
    out.melody.push(melody.evidence ?? none);
    out.melodyGrid.push(melody.grid?.evidence ?? none);
    const harmony = harmonyAsScored(alignments[1]!);
    out.harmony.push(harmony.evidence ?? none);
    out.harmonyRun.push(harmony.run?.evidence ?? none);
    out.chordProgression.push(chords.evidence ?? none);
    out.rhythm.push(compareRhythm(a, b, priorArt).evidence ?? none);
    if (enough(out)) break;
  }
  return out;
}

/**
 * Notes and beats of a track the null model compares, at most: the alignments cost notes × notes and beats ×
 * beats, and the law scales with `cells`, so excerpts (about a minute of a song) calibrate full tracks too while
 * keeping a fit on 3-minute songs to a fraction of what whole tracks would cost.
 */
export const NULL_EXCERPT_NOTES = 160;
export const NULL_EXCERPT_BEATS = 128;

/**
 * The start of a track, cut to NULL_EXCERPT_NOTES melody notes and NULL_EXCERPT_BEATS beats of chroma, and its
 * tracked beats to the span of those notes (the melody's beat grid, melody-grid.ts, samples no beat without them).
 */
export function nullExcerpt(f: TrackFeatures): TrackFeatures {
  const beats = Math.min(f.beatChroma.beats, NULL_EXCERPT_BEATS);
  if (f.melody.length <= NULL_EXCERPT_NOTES && beats === f.beatChroma.beats) return f;
  const beatChroma = {
    data: f.beatChroma.data.subarray(0, beats * 12),
    beats,
    beatTimes: f.beatChroma.beatTimes.subarray(0, beats),
  };
  const melody = f.melody.slice(0, NULL_EXCERPT_NOTES);
  const last = melody[melody.length - 1];
  const end = last ? last.start + last.duration : 0;
  let kept = 0;
  while (kept < f.beats.length && f.beats[kept]! <= end) kept++;
  return { ...f, melody, beatChroma, beats: f.beats.subarray(0, Math.min(f.beats.length, kept + 1)) };
}

/**
 * Up to `count` distinct ordered pairs (i ≠ j) of `n` tracks, drawn with a generator seeded by `seed`, in the order
 * drawn (so any prefix is a random sample too).
 */
export function samplePairs(n: number, count: number, seed: string): [number, number][] {
  const all = n * (n - 1);
  const random = seededRandom(seed);
  const chosen = new Set<number>();
  const target = Math.min(count, all);
  while (chosen.size < target) chosen.add(Math.floor(random() * all));
  return [...chosen].map((k) => {
    const i = Math.floor(k / (n - 1));
    const r = k % (n - 1);
    return [i, r >= i ? r + 1 : r];
  });
}

/** Length-normalised score: under the Gumbel law, P(U ≥ u) = 1 − exp(−e^(−u)) whatever the cells. */
function normalisedScore(t: Pick<ScoreTail, 'lambda' | 'logK'>, e: MatchEvidence): number {
  return t.lambda * e.score - t.logK - Math.log(Math.max(1, e.cells));
}

/** Maximum-likelihood fit of the chance law to raw scores, and its heavy tail (see the module comment). */
export function fitScoreTail(evidence: readonly MatchEvidence[]): ScoreTail {
  const gumbel = fitGumbel(evidence);
  const u = evidence
    .filter((e) => e.score > 0)
    .map((e) => normalisedScore(gumbel, e))
    .sort((a, b) => b - a);
  const top = u.slice(0, Math.min(u.length, Math.max(MIN_TAIL_SCORES, Math.ceil(TAIL_SHARE * u.length))));
  if (top.length < 2) return { ...gumbel, tailStart: Infinity, tailShare: 0, tailScale: 1 };
  const tailStart = top[top.length - 1]!;
  const meanExcess = top.reduce((sum, x) => sum + x - tailStart, 0) / (top.length - 1);
  // At least as heavy as the sample itself: the strongest unrelated pair keeps a chance of 1 in the pairs compared.
  const throughLargest = (top[0]! - tailStart) / Math.log(top.length);
  const tailScale = Math.max(meanExcess, throughLargest, 1e-3);
  return { ...gumbel, tailStart, tailShare: top.length / evidence.length, tailScale };
}

function fitGumbel(evidence: readonly MatchEvidence[]): Omit<ScoreTail, 'tailStart' | 'tailShare' | 'tailScale'> {
  const positives = evidence.filter((e) => e.score > 0);
  const n = positives.length;
  const positive = evidence.length > 0 ? n / evidence.length : 0;
  if (n < 2) return { positive, lambda: 1, logK: 0, samples: n };
  const s = positives.map((e) => e.score);
  const logCells = positives.map((e) => Math.log(Math.max(1, e.cells)));
  const mean = s.reduce((a, b) => a + b, 0) / n;
  const spread = Math.sqrt(s.reduce((a, b) => a + (b - mean) ** 2, 0) / n) || mean || 1;
  // For a given λ, the likelihood is highest at K = n / Σ cells·e^(−λs); the profile is then searched over log λ.
  const logK = (lambda: number): number => Math.log(n) - logSumExp(s.map((x, i) => logCells[i]! - lambda * x));
  const profile = (lambda: number): number => n * Math.log(lambda) - lambda * n * mean + n * logK(lambda);
  const logLambda = goldenMaximum((l) => profile(Math.exp(l)), Math.log(1e-3 / spread), Math.log(1e3 / spread));
  const lambda = Math.exp(logLambda);
  return { positive, lambda, logK: logK(lambda), samples: n };
}

function logSumExp(xs: number[]): number {
  const top = Math.max(...xs);
  let sum = 0;
  for (const x of xs) sum += Math.exp(x - top);
  return top + Math.log(sum);
}

/** Golden-section search for the maximum of a unimodal function on [lo, hi]. */
function goldenMaximum(f: (x: number) => number, lo: number, hi: number): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = f(c);
  let fd = f(d);
  for (let k = 0; k < 80; k++) {
    if (fc >= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = f(d);
    }
  }
  return (a + b) / 2;
}

/** mulberry32 seeded by an FNV-1a hash of the seed string: deterministic, good enough for sampling. */
function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The prior, fitted offline (tools/eval/null/fit-prior.ts) on 800 seeded unrelated pairs among up to 60 catalogue
 * tracks of each of four kinds of music, in this order: the own composer's demo catalogue, the GM renders, the second
 * synth and the produced recordings, through nullSamples and fitScoreTail. Used where a catalogue is too small to fit
 * its own (see MIN_FIT_TRACKS), whose music may be any of them: a chance is the largest the four laws give, so a
 * small catalogue of folk tunes is judged by the melody law of folk tunes, not by one that other music dilutes.
 *
 * The kinds differ by more than the catalogues' noise: at the melody score where the four pooled read 1e-3 per track,
 * the GM renders read 4.4·10⁻³ (public-domain folk tunes share contours and cadences) and the own composer 1.1·10⁻⁴;
 * in harmony the recordings' tail is the heaviest (4·10⁻⁶ where the pooled law read 1e-6). Until engine 1.23.0 the
 * prior was one law fitted on the four pooled (1.22.2; before that on the own composer's tracks alone), and each case
 * of the tuning split judged against its source and seven other tracks flagged 2 of 16 GM originals by their
 * melody (Clementine against Camptown Races, Korobeiniki against Elite Syncopations: 1.6 and 1.2·10⁻³ per track
 * under the pooled law), none in the full catalogue. With the four laws: 0 of 16 (originals of all sources 5 → 2 of
 * 72), GM covers 49 → 47 of 50 (two covers found by their chords alone, whose harmony no longer reaches
 * OVERWHELMING_CHANCE against the recordings' tail).
 */
export const PRIOR_NULL_MODEL: NullModelJson = {
  source: 'prior',
  pairs: 3200,
  tails: {
    melody: [
      {
        positive: 0.2175,
        lambda: 0.5989,
        logK: -6.627,
        samples: 174,
        tailStart: 2.617,
        tailShare: 0.0225,
        tailScale: 0.6629,
      },
      {
        positive: 0.1775,
        lambda: 0.3434,
        logK: -7.516,
        samples: 142,
        tailStart: 2.698,
        tailShare: 0.01875,
        tailScale: 0.8818,
      },
      {
        positive: 0.2963,
        lambda: 0.6158,
        logK: -6.32,
        samples: 237,
        tailStart: 2.298,
        tailShare: 0.03,
        tailScale: 1.008,
      },
      {
        positive: 0.1837,
        lambda: 0.4975,
        logK: -8.323,
        samples: 147,
        tailStart: 2.153,
        tailShare: 0.01875,
        tailScale: 1.528,
      },
    ],
    harmony: [
      {
        positive: 0.31,
        lambda: 1.236,
        logK: -6.637,
        samples: 248,
        tailStart: 2.873,
        tailShare: 0.03125,
        tailScale: 3.139,
      },
      {
        positive: 0.3025,
        lambda: 1.343,
        logK: -7.668,
        samples: 242,
        tailStart: 2.708,
        tailShare: 0.03125,
        tailScale: 3.639,
      },
      {
        positive: 0.2825,
        lambda: 2.004,
        logK: -6.571,
        samples: 226,
        tailStart: 2.341,
        tailShare: 0.02875,
        tailScale: 1.548,
      },
      {
        positive: 0.2762,
        lambda: 1.234,
        logK: -8.467,
        samples: 221,
        tailStart: 2.513,
        tailShare: 0.02875,
        tailScale: 3.936,
      },
    ],
    chordProgression: [
      {
        positive: 0.2137,
        lambda: 15.71,
        logK: 1.288,
        samples: 171,
        tailStart: 3.346,
        tailShare: 0.0225,
        tailScale: 1.881,
      },
      {
        positive: 0.3075,
        lambda: 11.64,
        logK: 1.037,
        samples: 246,
        tailStart: 3.318,
        tailShare: 0.03125,
        tailScale: 0.9622,
      },
      {
        positive: 0.2712,
        lambda: 14.48,
        logK: 1.116,
        samples: 217,
        tailStart: 2.866,
        tailShare: 0.0275,
        tailScale: 2.299,
      },
      {
        positive: 0.3787,
        lambda: 44.9,
        logK: 0.9805,
        samples: 303,
        tailStart: 2.387,
        tailShare: 0.03875,
        tailScale: 6.656,
      },
    ],
    rhythm: [
      { positive: 1, lambda: 6.786, logK: 2.455, samples: 800, tailStart: 2.255, tailShare: 0.1, tailScale: 0.5718 },
      { positive: 1, lambda: 6.737, logK: 2.373, samples: 800, tailStart: 2.64, tailShare: 0.1, tailScale: 0.787 },
      {
        positive: 0.9762,
        lambda: 5.5,
        logK: 1.22,
        samples: 781,
        tailStart: 2.707,
        tailShare: 0.09875,
        tailScale: 0.3947,
      },
      { positive: 1, lambda: 6.507, logK: 1.91, samples: 800, tailStart: 3.159, tailShare: 0.1, tailScale: 0.5834 },
    ],
    melodyGrid: [
      {
        positive: 0.4275,
        lambda: 0.9363,
        logK: -8.081,
        samples: 342,
        tailStart: 2.812,
        tailShare: 0.04375,
        tailScale: 1.807,
      },
      {
        positive: 0.4225,
        lambda: 0.5258,
        logK: -9.521,
        samples: 338,
        tailStart: 3.017,
        tailShare: 0.0425,
        tailScale: 1.857,
      },
      {
        positive: 0.3975,
        lambda: 2.809,
        logK: -6.71,
        samples: 318,
        tailStart: 2.713,
        tailShare: 0.04,
        tailScale: 1.082,
      },
      {
        positive: 0.4037,
        lambda: 0.679,
        logK: -9.998,
        samples: 323,
        tailStart: 2.932,
        tailShare: 0.04125,
        tailScale: 2.606,
      },
    ],
    harmonyRun: [
      {
        positive: 0.405,
        lambda: 35.01,
        logK: -7.297,
        samples: 324,
        tailStart: 2.608,
        tailShare: 0.04125,
        tailScale: 2.06,
      },
      {
        positive: 0.38,
        lambda: 23.46,
        logK: -8.579,
        samples: 304,
        tailStart: 2.963,
        tailShare: 0.03875,
        tailScale: 3.196,
      },
      {
        positive: 0.4338,
        lambda: 31.49,
        logK: -7.541,
        samples: 347,
        tailStart: 2.607,
        tailShare: 0.04375,
        tailScale: 1.277,
      },
      {
        positive: 0.39,
        lambda: 30.97,
        logK: -9.025,
        samples: 312,
        tailStart: 2.756,
        tailShare: 0.04,
        tailScale: 2.315,
      },
    ],
  },
};
