/**
 * Tempo estimation and beat tracking on the onset strength envelope.
 *
 * Tempo: autocorrelation of the onset envelope, weighted by a log-normal tempo prior (TEMPO_PRIOR_BPM,
 * one octave wide) and restricted to MIN_BPM–MAX_BPM. Each lag is scored with its harmonics (the "enhanced
 * autocorrelation" of G. Percival & G. Tzanetakis (2014), "Streamlined Tempo Estimation Based on
 * Autocorrelation and Cross-correlation With Pulses", IEEE/ACM TASLP 22(12)): the autocorrelation at the lag,
 * twice and four times it. A true beat period repeats at two and four beats (a bar) as well; a period that only
 * fits a syncopated figure (three sixteenths, a dotted quarter) does not. Where the lag at 2/3 or 4/3 of the chosen
 * one groups better once the envelope's mean is taken off, that one is the beat (straightBeatReading). The metrical
 * level (the lag, half of it, or twice it) is then decided by salience × a narrower prior (chooseBeatLevel), and the
 * metre by whether the bar that level implies divides better into three beats (tripleReading).
 *
 * Beats: the dynamic-programming tracker of D. P. W. Ellis (2007), "Beat Tracking by Dynamic
 * Programming", J. New Music Research 36(1): maximise onset strength at beats minus a penalty
 * α·log²(interval / period) for intervals that stray from the tempo period.
 */
import { RealFft } from './fft';
import { BEAT_TIGHTNESS, MAX_BPM, MIN_BPM, TEMPO_PRIOR_BPM, TEMPO_PRIOR_OCTAVES } from '../constants';

/**
 * The metrical groupings a beat period is tested with: the multiples of a lag whose autocorrelation is added to
 * the lag's own. Duple is Percival & Tzanetakis's harmonics 2 and 4 (half bar and bar of a 4/4 beat). Against the
 * earlier score (the lag plus half its double) it stopped reading pieces with tresillo or dotted figures at 4/3 or
 * 3/2 of their tempo. Triple is its counterpart for 3/4 (bar and two bars), tried by tripleReading only.
 */
const DUPLE_MULTIPLES = [2, 4] as const;
const TRIPLE_MULTIPLES = [3, 6] as const;
const LONGEST_MULTIPLE = 6;
type Metre = 'duple' | 'triple';
/**
 * The log-normal prior that decides between metrical levels: the tactus (beat) period prior of A. Klapuri,
 * A. Eronen & J. Astola (2006), "Analysis of the meter of acoustic musical signals", IEEE TASLP 14(1), fitted there
 * to the annotated beats of 474 pieces of many genres: median period 0.55 s (109 BPM), shape 0.28 (natural-log
 * units, ≈ 0.4 octaves). The same values (scale 0.55 s, shape 0.28 for the tactus; 0.18 s / 0.39 for the tatum,
 * 2.1 s / 0.26 for the measure) are the ones the open implementation of that model in pshields/impromptica
 * (impromptica/utils/tempo.py, scipy.stats.lognorm(shape, scale)) uses. Eighth-note hi-hats make the half-beat
 * autocorrelation nearly as strong as the beat's, so the salience alone cannot tell 80 from 160 BPM; this prior
 * decides for the level listeners tap. It weighs the log period by a Gaussian, without the density's 1/τ factor
 * (which moves the mode to 0.51 s): with that factor, tempo Acc1 on the second synth's tuning pieces fell 91 → 75 %.
 */
const LEVEL_PRIOR_PERIOD_SEC = 0.55;
const LEVEL_PRIOR_SHAPE = 0.28;
/** Onset-envelope smoothing before autocorrelation, σ in frames (see smooth()). */
const SMOOTHING_FRAMES = 1.5;

/**
 * A tempo and the metrical level the beat came nearest to being heard at instead, when there is one: half or twice
 * the chosen beat (a third of it in triple metre, whose next level up is the bar).
 */
export interface TempoEstimate {
  bpm: number;
  /**
   * `factor`: the other level's tempo over `bpm` (2, ½ or ⅓); `strength`: its weighted salience over the chosen
   * level's (0–1, the prior of chooseBeatLevel included), 1 for a near tie.
   */
  runnerUp?: { factor: number; strength: number };
}

/**
 * How near the runner-up metrical level must come (its strength) for the tempo to be reported with that level as an
 * alternative: half the chosen level's weighted salience. Between 70–85 and 140–160 BPM a beat and its half or
 * double are both heard, and no cue measured here tells which one a score is written in (docs/engine-evaluation.md:
 * the beat-level prior's centre, the bass band, harmonic rhythm, the melody's pace, nothing between the beats). On
 * every catalogue piece with a known tempo, tuning split (own, second synth, GM, effects): 13 of the 20 wrong tempos
 * named the written one as the alternative, and 22 of the 179 right ones carried an alternative (at 0.4: 15 and 25;
 * 0.6: 10 and 12), so the written tempo is named, as the tempo or its alternative, for 192 of the 199 (96 %).
 */
export const TEMPO_LEVEL_AMBIGUITY = 0.5;

/**
 * The tempo at the runner-up level (rounded to 0.1 BPM, as tempos are reported) when it came within
 * TEMPO_LEVEL_AMBIGUITY of the chosen one; undefined when the beat is clear.
 */
export function alternativeTempo(bpm: number, estimate: TempoEstimate): number | undefined {
  const runnerUp = estimate.runnerUp;
  if (!(bpm > 0) || !runnerUp || runnerUp.strength < TEMPO_LEVEL_AMBIGUITY) return undefined;
  return Math.round(bpm * runnerUp.factor * 10) / 10;
}

/** Global tempo (BPM) of an onset envelope sampled at `frameRate` frames/s; 0 when there are no onsets. */
export function estimateTempo(onsetEnv: Float32Array, frameRate: number): number {
  return tempoEstimate(onsetEnv, frameRate).bpm;
}

/** The tempo of an onset envelope (estimateTempo) with the metrical level that came second (TempoEstimate). */
export function tempoEstimate(onsetEnv: Float32Array, frameRate: number): TempoEstimate {
  const minLag = Math.max(1, Math.floor((60 * frameRate) / MAX_BPM));
  const maxLag = Math.ceil((60 * frameRate) / MIN_BPM);
  if (onsetEnv.length < 2 * maxLag + 2) return { bpm: 0 };
  const sharp = autocorrelation(onsetEnv, 2 * maxLag + 2);
  if (pulseClarity(sharp, onsetEnv, minLag, maxLag) < MIN_PULSE_CLARITY) return { bpm: 0 };
  const longest = LONGEST_MULTIPLE * maxLag + LONGEST_MULTIPLE;
  const smoothed = smooth(onsetEnv, SMOOTHING_FRAMES);
  const ac = autocorrelation(smoothed, Math.max(2 * maxLag + 2, longest));
  if (!(ac[0]! > 0)) return { bpm: 0 };

  const score = new Float64Array(maxLag + 2);
  let best = -1;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const bpm = (60 * frameRate) / lag;
    const octaves = Math.log2(bpm / TEMPO_PRIOR_BPM) / TEMPO_PRIOR_OCTAVES;
    const prior = Math.exp(-0.5 * octaves * octaves);
    score[lag] = prior * grouped(ac, lag, DUPLE_MULTIPLES);
    if (best < 0 || score[lag]! > score[best]!) best = lag;
  }
  if (!(score[best]! > 0)) return { bpm: 0 };
  const straight = straightBeatReading(ac, best, minLag, maxLag, meanOf(smoothed));
  const duple = chooseBeatLevel(ac, straight, 'duple', minLag, frameRate);
  const { beat, metre } = tripleReading(ac, sharp, duple.lag);
  // In duple metre tripleReading keeps the duple beat.
  const { lag, runnerUp } = metre === 'triple' ? chooseBeatLevel(ac, beat, metre, minLag, frameRate) : duple;
  const refined = lag + parabolicOffset(ac[lag - 1] ?? 0, ac[lag]!, ac[lag + 1] ?? 0);
  const bpm = clamp((60 * frameRate) / refined, MIN_BPM, MAX_BPM);
  return runnerUp ? { bpm, runnerUp } : { bpm };
}

/**
 * The least pulse clarity (pulseClarity) a track needs for a tempo: below it the onset envelope repeats at no beat
 * period and the tempo is reported as none (0, as for silence), where the prior would otherwise name 120 BPM for any
 * envelope. Measured with the envelope's largest autocovariance at 60–200 BPM over its variance: a steady two-tone
 * drone (WAV, 8 kHz WAV, MP4) 0.0013–0.0024, a three-note pad under a slow tremolo 0.019; every catalogue track of the
 * five evaluation sources (365, the produced recordings' ambient pads included) 0.035 or more (GM renders 0.035,
 * recordings 0.04, second synth 0.115, own 0.23). Pink noise reaches 0.075, so noise still gets a tempo.
 */
export const MIN_PULSE_CLARITY = 0.01;

/**
 * How strongly the onset envelope repeats at some beat period: the largest autocovariance over lags `minLag`–`maxLag`
 * divided by the variance (0 for a flat envelope). `r` is the envelope's autocorrelation (autocorrelation()); the
 * mean's square turns it into autocovariance.
 */
function pulseClarity(r: Float64Array, onsetEnv: Float32Array, minLag: number, maxLag: number): number {
  const mean = meanOf(onsetEnv);
  const variance = r[0]! - mean * mean;
  if (!(variance > 0)) return 0;
  let peak = 0;
  for (let lag = minLag; lag <= maxLag && lag < r.length; lag++) peak = Math.max(peak, r[lag]! - mean * mean);
  return peak / variance;
}

/**
 * The autocorrelation at `lag` plus that at its `multiples`. The multiple k·lag is searched ± ⌊k/2⌋ lags: the
 * period is only known to the nearest lag (±½), so its k-th multiple is off by up to k/2.
 */
function grouped(ac: Float64Array, lag: number, multiples: readonly number[]): number {
  return multiples.reduce((sum, k) => sum + peakWithin(ac, k * lag, Math.floor(k / 2)), ac[lag]!);
}

/**
 * The lag a straight duple beat is read at, given the first stage's `lag`: that lag, or the lag at 2/3 or 4/3 of it
 * when that one's beat, half bar and bar repeat more. An even pulse of eighths or sixteenths, with dotted figures
 * (3+3+2) or none, repeats every three pulses almost as much as every two or four; the first stage, whose
 * autocorrelation carries the envelope's mean squared at every lag, then lets the tempo prior pick three pulses,
 * which no written metre groups a duple beat into (openMSX: 180 → 120.2, 170 → 113.6, 80 → 106.6). Compared here on
 * the autocovariance (the mean squared taken off), where the beat's grouping stands out. Octaves stay the first
 * stage's and chooseBeatLevel's business: scoring the first stage itself on the autocovariance read every 2/3 reading
 * right too, but moved other pieces' octaves (docs/engine-evaluation.md). A candidate whose bars group in threes is
 * left to tripleReading, which reads the same ratios as 3/4.
 */
function straightBeatReading(ac: Float64Array, lag: number, minLag: number, maxLag: number, mean: number): number {
  const offset = mean * mean;
  const covariance = (l: number): number => grouped(ac, l, DUPLE_MULTIPLES) - (1 + DUPLE_MULTIPLES.length) * offset;
  let best = lag;
  for (const ratio of [2 / 3, 4 / 3]) {
    const candidate = localPeakNear(ac, lag * ratio);
    if (candidate < minLag || candidate > maxLag) continue;
    if (grouped(ac, candidate, TRIPLE_MULTIPLES) > grouped(ac, candidate, DUPLE_MULTIPLES)) continue;
    if (covariance(candidate) > covariance(best)) best = candidate;
  }
  return best;
}

function meanOf(x: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i]!;
  return x.length ? sum / x.length : 0;
}

/** The least strength of a triple reading's beat, as a share of the duple lag's (see tripleReading). */
export const TRIPLE_BEAT_SHARE = 0.9;

/**
 * The beat and metre, given the beat level chosen with duple grouping. A tune in 3/4 read that way lands on 1.5
 * beats (its double is the bar) or 0.75 beats (its quadruple is): the same bar divided in three puts the beat at
 * 2/3 or 4/3 of the lag. That reading wins when its beat is the stronger periodicity of the two — a waltz repeats
 * every beat, not every 1.5 or 0.75 beats, while in 4/4 the beat is the stronger — and its own bars group in threes
 * (its triple grouping outweighs its duple one). The beats are compared on the `sharp` (unsmoothed)
 * autocorrelation: smoothing lifts the lags between onset peaks, and a 4/4 piece with dotted figures then looked as
 * periodic at 4/3 of its beat as at the beat. GM tunes in 3/4 of the eval catalogues' tuning split were read at 2/3
 * or 4/3 of their beat (Blue Danube, Greensleeves, Silent Night, Brahms' Lullaby): tempo Acc1 GM 84 → 95 %, effects
 * 67 → 89 %, own (89 %) and second synth (91 %) unchanged.
 *
 * The triple beat needs only TRIPLE_BEAT_SHARE of the lag's strength, not more: a waltz tune with long–short figures
 * (a dotted quarter and an eighth) repeats nearly as much every 1.5 beats as every beat, and the comparison then
 * turned on the soundfont. Through TimGM6mb instead of FluidR3, Greensleeves' beat reached 0.98 of its 1.5-beat lag
 * and Silent Night's 0.99, both read at 2/3 of their tempo, as Joplin's waltz Bethena was (public-domain scores, 150
 * read 99.9). Where the triple grouping wins (325 analyses of the tuning split's queries and catalogue pieces, all five
 * sources), the beat's share lies between 0.02 and 17.5, and 11 of them in 0.9–1. At 0.9 no tempo of a piece with
 * known truth changed and no case crossed a threshold (own, second synth, GM through both soundfonts, effects,
 * recordings: 9 of 791 similarities moved); Bethena is read at 149.8. Among two triple readings the stronger wins
 * (Blue Danube's 4/3 reading, at 0.93 of its 2/3 one, stays second).
 */
function tripleReading(ac: Float64Array, sharp: Float64Array, lag: number): { beat: number; metre: Metre } {
  const dupleStrength = peakWithin(sharp, lag, 1);
  let best = { beat: lag, metre: 'duple' as Metre, strength: 0 };
  for (const ratio of [2 / 3, 4 / 3]) {
    const candidate = localPeakNear(ac, lag * ratio);
    if (candidate < 0) continue;
    const strength = peakWithin(sharp, candidate, 1);
    const triple = grouped(ac, candidate, TRIPLE_MULTIPLES) > grouped(ac, candidate, DUPLE_MULTIPLES);
    if (triple && strength >= TRIPLE_BEAT_SHARE * dupleStrength && strength > best.strength)
      best = { beat: candidate, metre: 'triple', strength };
  }
  return best;
}

/**
 * A local maximum of the autocorrelation within ±1 lag of the (fractional) lag `at`, or −1. Only a peak of its own
 * counts: at 43 frames/s, 2/3 of a beat lies two lags from 3/4 of it, whose peak (a tresillo figure) must not pass.
 */
function localPeakNear(ac: Float64Array, at: number): number {
  let peak = -1;
  for (let l = Math.max(1, Math.ceil(at - 1)); l <= at + 1 && l + 1 < ac.length; l++)
    if (ac[l]! >= ac[l - 1]! && ac[l]! >= ac[l + 1]! && (peak < 0 || ac[l]! > ac[peak]!)) peak = l;
  return peak;
}

/** The largest autocorrelation within `lag` ± `radius` (0 outside the computed lags). */
function peakWithin(ac: Float64Array, lag: number, radius: number): number {
  let peak = 0;
  for (let l = Math.max(0, lag - radius); l <= lag + radius && l < ac.length; l++) if (ac[l]! > peak) peak = ac[l]!;
  return peak;
}

/**
 * The metrical level: among the chosen lag, the autocorrelation peak nearest half of it (beats divide in two in
 * either metre) and the one nearest the next level up (twice it in duple metre, three times in triple: a waltz's
 * beats do not pair), the one with the highest salience (autocorrelation) × the tactus prior
 * (LEVEL_PRIOR_PERIOD_SEC). An even pulse has the same salience at every multiple of its period, so the prior alone
 * decides: a 174 BPM click is read at 87 BPM (half time). A level counts only at a peak of its own (localPeakNear):
 * the largest value near half a lag that sits on no pulse was once taken for one (Brahms' Lullaby, whose 1.5-beat
 * lag halved to 0.81 beats). Returns the lag, and the level next to it that came second (TempoEstimate.runnerUp).
 */
function chooseBeatLevel(
  ac: Float64Array,
  lag: number,
  metre: Metre,
  minLag: number,
  frameRate: number,
): { lag: number; runnerUp?: TempoEstimate['runnerUp'] } {
  const maxLag = Math.floor((60 * frameRate) / MIN_BPM);
  const weight = (l: number): number => {
    const deviation = Math.log(l / frameRate / LEVEL_PRIOR_PERIOD_SEC) / LEVEL_PRIOR_SHAPE;
    return ac[l]! * Math.exp(-0.5 * deviation * deviation);
  };
  const up = metre === 'triple' ? 3 : 2;
  const levels = [{ lag, factor: 1 }];
  for (const [at, factor] of [
    [lag / 2, 2],
    [lag * up, 1 / up],
  ] as const) {
    const peak = localPeakNear(ac, at);
    if (peak >= minLag && peak <= maxLag) levels.push({ lag: peak, factor });
  }
  const chosen = levels.reduce((a, b) => (weight(b.lag) > weight(a.lag) ? b : a));
  // The runner-up is a level next to the chosen one: half and twice a beat, not a quarter.
  const neighbours = levels.filter((l) => l !== chosen && (chosen.factor === 1 || l.factor === 1));
  if (neighbours.length === 0 || !(weight(chosen.lag) > 0)) return { lag: chosen.lag };
  const second = neighbours.reduce((a, b) => (weight(b.lag) > weight(a.lag) ? b : a));
  return {
    lag: chosen.lag,
    runnerUp: { factor: second.factor / chosen.factor, strength: weight(second.lag) / weight(chosen.lag) },
  };
}

/**
 * A median gap between melody notes this many beats long or longer says the beat was read at twice the written one:
 * nearer two beats than one (√2). In written music a tune moves mostly in quarters and eighths of its beat; an even
 * accompaniment of eighths under a tune in quarters (a reggae skank, a ballad's hi-hat) is as strong at the eighth
 * as at the beat, and the tactus prior then picks the eighth. On the 40 demo pieces of tempo-key (the own composer),
 * the tune's median gap over the beat read is 0.47–1.01 where the tempo is right and 1.51–2.00 where it was read at
 * double (two reggae pieces at 70 and 76 BPM, a ballad at 75); on the public-domain scores and the openMSX songs of
 * the tuning split at most 1.00.
 */
const MELODY_SLOWER_BEAT_GAP = Math.SQRT2;
/**
 * A median gap between melody notes this many beats long or shorter says the beat was read at half the written one:
 * nearer a quarter of a beat than a half (1/(2√2), the other side of MELODY_SLOWER_BEAT_GAP's octave). A fast rock
 * or game song's kick and snare alternate on its beats, and the tactus prior (centred on TEMPO_PRIOR_BPM) hears them
 * at the half: Frets on Fire's metal songs written at 170–190 BPM and an openMSX song at 170 were read at
 * 85–95, their riffs and leads then moving in sixteenths. On the tuning split's 274 pieces with a known tempo (the
 * tempo-key sets and the own, second-synth, GM and effects catalogues) six tunes moved that fast: five read at half
 * time (gaps 0.26–0.34 beats) and one ragtime right (Pineapple Rag, 0.27: rags are written in sixteenths, which this
 * turns to eighths at 200 BPM). Unlike the half, the double need not have been the onsets' alternative: only one of
 * the five was (Chaos God, 85.1 or 170.2), the others' half-time beat was clear.
 */
const MELODY_FASTER_BEAT_GAP = 1 / (2 * Math.SQRT2);
/** Fewest gaps between melody notes for their median to say anything about the beat. */
const MIN_MELODY_GAPS = 16;
/** Notes closer than this are one onset (a chord, a re-articulated note), not a step of the tune. */
const MIN_MELODY_GAP_SEC = 0.05;

/**
 * The tempo, and the alternative level, once the melody is known. Where the onsets left the beat level open (the
 * alternative is half the tempo: TEMPO_LEVEL_AMBIGUITY), the melody decides: its median gap between notes at
 * MELODY_SLOWER_BEAT_GAP beats or more makes the half the tempo and the tempo read its alternative. A beat the onsets
 * heard clearly stays: the melody extractor joins a tune's repeated notes (Jingle Bells' "E E E"), and such a tune,
 * read right at 120 with no alternative, then moved every two beats (on the tuning split it and an own piece at 125
 * were halved wrongly that way; the six pieces halved rightly all carried the half as their alternative).
 * A tune whose median gap is MELODY_FASTER_BEAT_GAP beats or less makes twice the tempo the tempo, up to MAX_BPM, and
 * the tempo read its alternative, whether or not the onsets named the double.
 * `noteStarts` are the melody notes' onsets in seconds. The beats stay as tracked: a grid at twice the written beat
 * still holds every beat of it, one at half of it every other beat, and the beat-synchronous comparisons fold
 * octaves (matchBeatRates).
 */
export function tempoForMelody(
  tempo: { tempoBpm: number; tempoAlternativeBpm?: number },
  noteStarts: readonly number[],
): { tempoBpm: number; tempoAlternativeBpm?: number } {
  const { tempoBpm, tempoAlternativeBpm } = tempo;
  const gap = medianGapBeats(noteStarts, tempoBpm);
  const halfIsOpen = tempoAlternativeBpm !== undefined && Math.abs((2 * tempoAlternativeBpm) / tempoBpm - 1) < 0.01;
  if (halfIsOpen && gap >= MELODY_SLOWER_BEAT_GAP) {
    return { tempoBpm: tempoAlternativeBpm, tempoAlternativeBpm: tempoBpm };
  }
  const doubled = Math.round(20 * tempoBpm) / 10;
  const movesInSixteenths = gap > 0 && gap <= MELODY_FASTER_BEAT_GAP;
  if (movesInSixteenths && doubled <= MAX_BPM) return { tempoBpm: doubled, tempoAlternativeBpm: tempoBpm };
  return tempo;
}

/** The median gap between successive melody onsets, in beats at `bpm`; 0 with fewer than MIN_MELODY_GAPS gaps. */
function medianGapBeats(noteStarts: readonly number[], bpm: number): number {
  const starts = [...noteStarts].sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < starts.length; i++) {
    const gap = starts[i]! - starts[i - 1]!;
    if (gap >= MIN_MELODY_GAP_SEC) gaps.push(gap);
  }
  if (gaps.length < MIN_MELODY_GAPS) return 0;
  gaps.sort((a, b) => a - b);
  return gaps[gaps.length >> 1]! / (60 / bpm);
}

/**
 * Gaussian smoothing (σ in frames). Sharp onset peaks make the autocorrelation spiky, so a period that
 * falls between two integer lags (140 BPM ≈ 18.5 frames) would score low at both; smoothing widens the
 * peaks enough for any period to register.
 */
function smooth(x: Float32Array, sigma: number): Float32Array {
  const radius = Math.ceil(3 * sigma);
  const kernel = new Float64Array(2 * radius + 1);
  for (let k = -radius; k <= radius; k++) kernel[k + radius] = Math.exp(-0.5 * (k / sigma) ** 2);
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    let s = 0;
    for (let k = Math.max(-radius, -i); k <= radius && i + k < x.length; k++) s += kernel[k + radius]! * x[i + k]!;
    out[i] = s;
  }
  return out;
}

/**
 * Unbiased autocorrelation r[τ] = mean(x[i]·x[i+τ]) for τ < maxLag, by the Wiener–Khinchin theorem: the
 * transform of the power spectrum. The signal is zero-padded to at least n + maxLag, so the circular
 * autocorrelation does not wrap for those lags; the power spectrum is real and even, so a forward transform
 * gives the inverse one times the size. Two transforms instead of n·maxLag products keep the four-bar lags
 * metrical multiples reach as cheap as the one-bar ones were.
 */
function autocorrelation(x: Float32Array, maxLag: number): Float64Array {
  const n = x.length;
  const r = new Float64Array(maxLag);
  let size = 4;
  while (size < n + maxLag) size *= 2;
  const fft = new RealFft(size);
  const padded = new Float64Array(size);
  padded.set(x);
  const spectrum = new Float64Array(size + 2);
  fft.transform(padded, spectrum);
  const power = padded;
  for (let k = 0; k <= size / 2; k++) {
    const p = spectrum[2 * k]! ** 2 + spectrum[2 * k + 1]! ** 2;
    power[k] = p;
    if (k > 0 && k < size / 2) power[size - k] = p;
  }
  fft.transform(power, spectrum);
  for (let lag = 0; lag < maxLag && lag < n; lag++) r[lag] = spectrum[2 * lag]! / size / (n - lag);
  return r;
}

/** Offset (−0.5…0.5) of a parabola's vertex through three equally spaced points. */
export function parabolicOffset(a: number, b: number, c: number): number {
  const denom = a - 2 * b + c;
  if (denom >= 0) return 0;
  return clamp((0.5 * (a - c)) / denom, -0.5, 0.5);
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/**
 * Beat times (s) by Ellis's dynamic programming, given the tempo. Returns an empty array when the
 * envelope has no onsets or the tempo is 0.
 */
export function trackBeats(
  onsetEnv: Float32Array,
  frameRate: number,
  bpm: number,
  tightness = BEAT_TIGHTNESS,
): Float32Array {
  const n = onsetEnv.length;
  if (!(bpm > 0) || n === 0) return new Float32Array(0);
  const period = (60 * frameRate) / bpm;
  const local = localScore(onsetEnv, period);
  if (!local) return new Float32Array(0);

  const cum = new Float64Array(n);
  const backlink = new Int32Array(n).fill(-1);
  const lagMin = Math.max(1, Math.round(period / 2));
  const lagMax = Math.round(2 * period);
  const penalty = new Float64Array(lagMax + 1);
  for (let lag = lagMin; lag <= lagMax; lag++) penalty[lag] = -tightness * Math.log(lag / period) ** 2;

  for (let i = 0; i < n; i++) {
    let best = -Infinity;
    let arg = -1;
    for (let lag = lagMin; lag <= lagMax && i - lag >= 0; lag++) {
      const s = cum[i - lag]! + penalty[lag]!;
      if (s > best) {
        best = s;
        arg = i - lag;
      }
    }
    cum[i] = local[i]! + (arg >= 0 ? best : 0);
    backlink[i] = arg;
  }

  const frames = backtrack(cum, backlink, lastBeat(cum));
  return trimWeakBeats(frames, local).map((f) => f / frameRate);
}

/** Onset envelope / std, smoothed by a Gaussian of width period/32 (Ellis's local score). */
function localScore(onsetEnv: Float32Array, period: number): Float64Array | null {
  const n = onsetEnv.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += onsetEnv[i]!;
  mean /= n;
  let varSum = 0;
  for (let i = 0; i < n; i++) varSum += (onsetEnv[i]! - mean) ** 2;
  const std = Math.sqrt(varSum / n);
  if (!(std > 0)) return null;

  const radius = Math.round(period);
  const kernel = new Float64Array(2 * radius + 1);
  for (let k = -radius; k <= radius; k++) kernel[k + radius] = Math.exp(-0.5 * ((k * 32) / period) ** 2);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    const lo = Math.max(-radius, -i);
    const hi = Math.min(radius, n - 1 - i);
    for (let k = lo; k <= hi; k++) s += kernel[k + radius]! * onsetEnv[i + k]!;
    out[i] = s / std;
  }
  return out;
}

/** The last local maximum of the cumulative score that exceeds half the median local maximum. */
function lastBeat(cum: Float64Array): number {
  const maxima: number[] = [];
  for (let i = 1; i < cum.length - 1; i++) {
    if (cum[i]! > cum[i - 1]! && cum[i]! >= cum[i + 1]!) maxima.push(i);
  }
  if (maxima.length === 0) return cum.length - 1;
  const values = maxima.map((i) => cum[i]!).sort((a, b) => a - b);
  const median = values[Math.floor(values.length / 2)]!;
  for (let j = maxima.length - 1; j >= 0; j--) if (cum[maxima[j]!]! >= 0.5 * median) return maxima[j]!;
  return maxima[maxima.length - 1]!;
}

function backtrack(cum: Float64Array, backlink: Int32Array, last: number): number[] {
  const beats: number[] = [];
  for (let i = last; i >= 0; i = backlink[i]!) beats.push(i);
  return beats.reverse();
}

/** Drop leading/trailing beats whose local score is under half the RMS of beat scores (silence, fades). */
function trimWeakBeats(frames: number[], local: Float64Array): Float32Array {
  if (frames.length === 0) return new Float32Array(0);
  let sq = 0;
  for (const f of frames) sq += local[f]! ** 2;
  const threshold = 0.5 * Math.sqrt(sq / frames.length);
  let lo = 0;
  let hi = frames.length - 1;
  while (lo <= hi && local[frames[lo]!]! < threshold) lo++;
  while (hi >= lo && local[frames[hi]!]! < threshold) hi--;
  return Float32Array.from(frames.slice(lo, hi + 1));
}

/**
 * Tempo (BPM) from tracked beats: 60 / the median interval over spans of up to 8 beats. Spanning several
 * beats divides the frame-quantisation error (±½ hop) by the span; the median ignores a skipped beat.
 * Returns 0 with fewer than 3 beats.
 */
export function tempoFromBeats(beats: Float32Array): number {
  if (beats.length < 3) return 0;
  const span = Math.min(8, beats.length - 1);
  const periods = new Float64Array(beats.length - span);
  for (let i = 0; i + span < beats.length; i++) periods[i] = (beats[i + span]! - beats[i]!) / span;
  periods.sort();
  const median = periods[Math.floor(periods.length / 2)]!;
  return median > 0 ? 60 / median : 0;
}
