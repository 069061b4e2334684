/**
 * Share of a track that carries a singing voice — an estimate from the signal, with known limits.
 *
 * Method (per STFT frame, ≈ 23 ms):
 * 1. Predominant pitch by harmonic summation (Hermes 1988, "subharmonic summation"): every candidate f0
 *    from VOICE_MIN_HZ to VOICE_MAX_HZ (20-cent grid) scores the weighted magnitude at its first 8
 *    harmonics; a Viterbi path favouring continuity picks one line through the candidates, and its pitch
 *    is refined to a few cents from the interpolated harmonic peaks.
 * 2. Harmonicity: the share of the frame's 80 Hz–5 kHz energy lying on that f0's harmonics. A frame is
 *    "pitched" when it is above MIN_HARMONICITY.
 * 3. Voice-like pitch modulation: singers never hold a pitch still — vibrato (≈ 5–7 Hz, ±20–100 cents),
 *    scoops and glides — while keyboards, guitars and most synths sit on fixed equal-tempered pitches.
 *    Over a ≈ 200 ms window the pitch must be continuous (no jump > MAX_STEP_CENTS between frames) and
 *    its standard deviation must be between MIN_MODULATION_CENTS and MAX_MODULATION_CENTS.
 * 4. Formant cue: at least MIN_FORMANT_SHARE of the frame's energy in 1–4 kHz (vowel formants F2–F4 and
 *    the "singer's formant"), which rules out bare low tones with vibrato.
 * 5. Second cue, for a voice quieter than its accompaniment (harmonic summation then locks onto the chord
 *    root, whose partials collect the whole chord): modulation measured on individual partials instead of
 *    on the predominant f0. Spectral peaks in PARTIAL_MIN_HZ–PARTIAL_MAX_HZ (above the accompaniment's bass
 *    region, where a voice's harmonics stand out as separate peaks) are refined by parabolic interpolation
 *    and linked frame to frame (nearest peak within MAX_STEP_CENTS). Over a PARTIAL_WINDOW_SEC window a
 *    partial is vibrato-like when its detrended frequency deviates by a standard deviation of
 *    MIN_PARTIAL_STD_CENTS–MAX_MODULATION_CENTS (sung vibrato ±20–100 cents, smoothed by the 93 ms window)
 *    and one 4–8 Hz sinusoid explains ≥ 60 % of that deviation's power (Sundberg 1987, "The Science of the Singing Voice": rate
 *    5.5–7.5 Hz, extent ±50–150 cents). Equal-tempered instruments hold their partials still; two close
 *    partials beating can wobble a peak, but by a few cents only. A frame with such a partial, ≥ 2 % of
 *    its energy in the formant region and not silent counts as voice even when cue 3 failed.
 * Frames passing the tests are voice; runs shorter than MIN_RUN_SEC are dropped and gaps shorter than
 * MAX_GAP_SEC (consonants, breaths) are filled. The share is voice frames / non-silent frames.
 *
 * Limits: it detects a *modulated, harmonic* source, not a voice as such. Synth leads or bowed strings
 * with vibrato and slide guitar count as voice; a very straight-toned, auto-tuned or heavily layered vocal
 * is missed (no modulation to measure); a voice more than ≈ 10 dB under its accompaniment, or one whose
 * vibrato is shallower than ≈ ±20 cents, is missed by both cues; rap and spoken word (little sustained
 * pitch) are under-counted. It does not transcribe lyrics.
 */
import { VOICE_MAX_HZ, VOICE_MIN_HZ } from '../constants';
import { parabolicOffset } from './tempo';
import { SALIENCE_WASM_BASE64 } from './salience-wasm.generated';
import { WasmModule } from './wasm-module';
import type { Spectrogram } from '../types';

const HARMONICS = 8;
const HARMONIC_DECAY = 0.8;
const CANDIDATE_STEP_CENTS = 20;
const ANALYSIS_MAX_HZ = 5_000;
/** Pitch-path continuity: free movement of up to 1 semitone (5 × 20 cents) at a small cost per step, larger leaps at a fixed cost. */
const GLIDE_CANDIDATES = 5;
const GLIDE_COST = 0.02;
const LEAP_COST = 0.6;
const MIN_HARMONICITY = 0.3;
const MAX_STEP_CENTS = 80;
const MIN_MODULATION_CENTS = 12;
const MAX_MODULATION_CENTS = 150;
const FORMANT_LOW_HZ = 1_000;
const FORMANT_HIGH_HZ = 4_000;
const MIN_FORMANT_SHARE = 0.02;
const MODULATION_WINDOW_SEC = 0.2;
const MIN_RUN_SEC = 0.15;
const MAX_GAP_SEC = 0.25;
/** Partial-modulation cue (step 5): band, window, depth and rate of a vibrato-like partial. */
const PARTIAL_MIN_HZ = 300;
const PARTIAL_MAX_HZ = 3_000;
/** Peaks weaker than this fraction of the band's strongest peak in the frame (−30 dB) are not followed. */
const PARTIAL_PEAK_FLOOR = 0.03;
/** At most this many peaks per frame are followed (the strongest), which bounds the cost. */
const MAX_PARTIALS_PER_FRAME = 16;
const PARTIAL_WINDOW_SEC = 0.5;
const MIN_PARTIAL_STD_CENTS = 8;
const MIN_VIBRATO_HZ = 4;
const MAX_VIBRATO_HZ = 8;
/** Share of the detrended partial's power a single 4–8 Hz sinusoid must explain. */
const MIN_VIBRATO_FIT = 0.6;
/** Frames more than 50 dB below the loudest frame are silence. */
const SILENCE_POWER_RATIO = 1e-5;

/** Per-frame predominant pitch in MIDI cents (0 when unpitched) and its harmonicity. */
export interface PitchTrack {
  cents: Float32Array;
  harmonicity: Float32Array;
  formantShare: Float32Array;
  power: Float32Array;
}

/** Predominant pitch per frame by harmonic summation (see the module comment). */
export function predominantPitch(spec: Spectrogram): PitchTrack {
  const { frames, bins, data, sampleRate, fftSize } = spec;
  const binPerHz = fftSize / sampleRate;
  const candidates = Math.floor((1200 * Math.log2(VOICE_MAX_HZ / VOICE_MIN_HZ)) / CANDIDATE_STEP_CENTS) + 1;
  const candidateBin = new Float64Array(candidates);
  for (let c = 0; c < candidates; c++)
    candidateBin[c] = VOICE_MIN_HZ * 2 ** ((c * CANDIDATE_STEP_CENTS) / 1200) * binPerHz;
  const maxBin = Math.min(bins - 2, Math.floor(ANALYSIS_MAX_HZ * binPerHz));
  const minBin = Math.floor(VOICE_MIN_HZ * binPerHz);
  const formantLo = Math.round(FORMANT_LOW_HZ * binPerHz);
  const formantHi = Math.round(FORMANT_HIGH_HZ * binPerHz);
  const track: PitchTrack = {
    cents: new Float32Array(frames),
    harmonicity: new Float32Array(frames),
    formantShare: new Float32Array(frames),
    power: new Float32Array(frames),
  };
  const harmonics = new HarmonicSalience(candidateBin, maxBin);
  // One frame's salience at a time, fed straight to the path search: no frames × candidates array.
  const path = new ContinuousPath(frames, candidates);
  for (let f = 0; f < frames; f++) {
    const row = f * bins;
    let power = 0;
    let formant = 0;
    for (let k = minBin; k <= maxBin; k++) {
      const p = data[row + k]! ** 2;
      power += p;
      if (k >= formantLo && k <= formantHi) formant += p;
    }
    track.power[f] = power;
    if (power > 0) {
      track.formantShare[f] = formant / power;
      path.push(harmonics.of(data, row));
    } else path.push(harmonics.out.fill(0));
  }
  const best = path.backtrack();
  for (let f = 0; f < frames; f++) {
    if (track.power[f]! > 0) refinePitch(spec, f * bins, candidateBin[best[f]!]!, maxBin, track.power[f]!, track, f);
  }
  return track;
}

const SALIENCE_MODULE = new WasmModule<{
  salience(row: number, candidates: number, counts: number, bins: number, coefs: number, out: number): void;
}>(SALIENCE_WASM_BASE64);

/**
 * Harmonic summation (assembly/salience.ts) of every candidate in a frame, scaled so that the strongest is 1. The
 * interpolation taps are the same for every frame, so they are worked out once, here (they were worked out per
 * frame, candidate and harmonic: ≈ 14 M times for 3 minutes); the module reads them in pairs of candidates.
 */
export class HarmonicSalience {
  private readonly row: Float32Array;
  /** The salience of the last frame: a view of the module's memory, overwritten by the next frame. */
  readonly out: Float32Array;
  private readonly run: () => void;

  /** For candidates at `candidateBin` (fractional bins, ascending), harmonics below `maxBin`. */
  constructor(candidateBin: Float64Array, maxBin: number) {
    const candidates = candidateBin.length;
    const slots = 2 * Math.ceil(candidates / 2) * HARMONICS;
    const { exports, views, at } = SALIENCE_MODULE.instantiate({
      // Six doubles per pair of slots: the pair's harmonic weights, 1 − frac and frac, as lane pairs.
      coefs: ['f64', slots * 3],
      bins: ['i32', slots],
      row: ['f32', maxBin + 2],
      out: ['f32', candidates],
      counts: ['u8', candidates],
    });
    const { coefs, bins, counts } = views;
    for (let c = 0; c < candidates; c++) {
      // Candidate c is lane c % 2 of its pair's slots.
      const pairSlot = (c - (c % 2)) * HARMONICS;
      let w = 1;
      for (let h = 1; h <= HARMONICS; h++) {
        const pos = candidateBin[c]! * h;
        if (pos >= maxBin) break;
        const slot = pairSlot + 2 * counts[c]!++ + (c % 2);
        const k = Math.floor(pos);
        const frac = pos - k;
        bins[slot] = k;
        const t = 3 * (slot - (c % 2)) + (c % 2);
        coefs[t] = w;
        coefs[t + 2] = 1 - frac;
        coefs[t + 4] = frac;
        w *= HARMONIC_DECAY;
      }
    }
    this.row = views.row;
    this.out = views.out;
    this.run = () => exports.salience(at.row, candidates, at.counts, at.bins, at.coefs, at.out);
  }

  /** The salience of the frame whose magnitudes start at `data[row]`. */
  of(data: Float32Array, row: number): Float32Array {
    this.row.set(data.subarray(row, row + this.row.length));
    this.run();
    return this.out;
  }
}

/** `back` entry of a candidate reached by a leap, from the previous frame's best candidate. */
const LEAP = 2 * GLIDE_CANDIDATES + 1;

/**
 * Viterbi path through the per-frame salience (each frame scaled to max 1), fed one frame at a time: moving by
 * up to GLIDE_CANDIDATES costs GLIDE_COST per candidate step, any larger leap costs LEAP_COST. This follows one
 * continuous line (a vibrato voice) instead of flipping to whichever accompaniment note is briefly louder.
 *
 * Every candidate can be reached by a leap from the previous frame's best, so a predecessor that scores no
 * more than that leap can never win a glide: only the few candidates above it are spread to their ±GLIDE_CANDIDATES
 * neighbours, in ascending order as the plain window search visits them, so the same predecessor wins every tie.
 */
class ContinuousPath {
  /** GLIDE_COST · |step| for step = −GLIDE_CANDIDATES…GLIDE_CANDIDATES, indexed by step + GLIDE_CANDIDATES. */
  private readonly glide = new Float64Array(2 * GLIDE_CANDIDATES + 1);
  /** Per frame and candidate, its predecessor as step + GLIDE_CANDIDATES, or LEAP: a byte, not a candidate index. */
  private readonly back: Uint8Array;
  /** Per frame, the predecessor of its leaps: the previous frame's best candidate. */
  private readonly leapFrom: Uint16Array;
  private prev: Float64Array;
  private cur: Float64Array;
  private best = 0;
  private frame = 0;

  constructor(
    private readonly frames: number,
    private readonly candidates: number,
  ) {
    for (let d = -GLIDE_CANDIDATES; d <= GLIDE_CANDIDATES; d++)
      this.glide[d + GLIDE_CANDIDATES] = GLIDE_COST * Math.abs(d);
    this.back = new Uint8Array(frames * candidates);
    this.leapFrom = new Uint16Array(frames);
    this.prev = new Float64Array(candidates);
    this.cur = new Float64Array(candidates);
  }

  /** Extend every candidate's best path by the next frame's salience. */
  push(salience: Float32Array): void {
    const { candidates, glide, back, prev, cur } = this;
    const row = this.frame * candidates;
    if (this.frame === 0) cur.set(salience);
    else {
      const leap = prev[this.best]! - LEAP_COST;
      cur.fill(leap);
      back.fill(LEAP, row, row + candidates);
      this.leapFrom[this.frame] = this.best;
      for (let d = 0; d < candidates; d++) {
        const from = prev[d]!;
        if (!(from > leap)) continue;
        const lo = Math.max(0, d - GLIDE_CANDIDATES);
        const hi = Math.min(candidates - 1, d + GLIDE_CANDIDATES);
        for (let c = lo; c <= hi; c++) {
          const step = d - c + GLIDE_CANDIDATES;
          const s = from - glide[step]!;
          if (s > cur[c]!) {
            cur[c] = s;
            back[row + c] = step;
          }
        }
      }
      for (let c = 0; c < candidates; c++) cur[c] = cur[c]! + salience[c]!;
    }
    let best = 0;
    for (let c = 1; c < candidates; c++) if (cur[c]! > cur[best]!) best = c;
    this.best = best;
    this.cur = prev;
    this.prev = cur;
    this.frame++;
  }

  /** The best path through all frames pushed (candidate index per frame). */
  backtrack(): Uint16Array {
    const path = new Uint16Array(this.frames);
    let c = this.best;
    for (let f = this.frame - 1; f >= 0; f--) {
      path[f] = c;
      const step = this.back[f * this.candidates + c]!;
      c = step === LEAP ? this.leapFrom[f]! : c + step - GLIDE_CANDIDATES;
    }
    return path;
  }
}

/** Refine f0 from the interpolated peaks near its harmonics; record pitch (MIDI cents) and harmonicity. */
function refinePitch(
  spec: Spectrogram,
  row: number,
  f0Bin: number,
  maxBin: number,
  power: number,
  track: PitchTrack,
  f: number,
): void {
  const { data, sampleRate, fftSize } = spec;
  let num = 0;
  let den = 0;
  let harmonicPower = 0;
  for (let h = 1; h <= HARMONICS; h++) {
    const centre = Math.round(f0Bin * h);
    if (centre + 1 >= maxBin) break;
    let k = centre;
    if (data[row + k - 1]! > data[row + k]!) k--;
    if (data[row + k + 1]! > data[row + k]!) k++;
    const a = data[row + k - 1]!;
    const b = data[row + k]!;
    const c = data[row + k + 1]!;
    harmonicPower += a * a + b * b + c * c;
    if (!(b > 0)) continue;
    const delta = parabolicOffset(Math.log(a + 1e-12), Math.log(b), Math.log(c + 1e-12));
    const weight = b * h;
    num += weight * ((k + delta) / h);
    den += weight;
  }
  track.harmonicity[f] = Math.min(1, harmonicPower / power);
  if (den > 0) {
    const hz = ((num / den) * sampleRate) / fftSize;
    track.cents[f] = 6900 + 1200 * Math.log2(hz / 440);
  }
}

/** Voice flag per frame (1 = voice), before run/gap cleanup: cue 3 on the predominant f0, or cue 5 on partials. */
function voiceFrames(track: PitchTrack, frameRate: number, modulatedPartial: Uint8Array): Uint8Array {
  const n = track.cents.length;
  const voiced = new Uint8Array(n);
  for (let f = 0; f < n; f++) voiced[f] = track.harmonicity[f]! >= MIN_HARMONICITY && track.cents[f]! > 0 ? 1 : 0;
  const half = Math.max(1, Math.round((MODULATION_WINDOW_SEC * frameRate) / 2));
  const voice = new Uint8Array(n);
  for (let f = 0; f < n; f++)
    if (modulatedPartial[f] && track.formantShare[f]! >= MIN_FORMANT_SHARE && track.power[f]! > 0) voice[f] = 1;
  for (let f = half; f < n - half; f++) {
    if (voice[f] || !voiced[f] || track.formantShare[f]! < MIN_FORMANT_SHARE) continue;
    let ok = true;
    let sum = 0;
    let sq = 0;
    for (let g = f - half; g <= f + half && ok; g++) {
      if (!voiced[g]) ok = false;
      else if (g > f - half && Math.abs(track.cents[g]! - track.cents[g - 1]!) > MAX_STEP_CENTS) ok = false;
      sum += track.cents[g]!;
      sq += track.cents[g]! ** 2;
    }
    if (!ok) continue;
    const count = 2 * half + 1;
    const std = Math.sqrt(Math.max(0, sq / count - (sum / count) ** 2));
    if (std >= MIN_MODULATION_CENTS && std <= MAX_MODULATION_CENTS) voice[f] = 1;
  }
  return voice;
}

/** Frames (1) where some partial in PARTIAL_MIN_HZ–PARTIAL_MAX_HZ moves like sung vibrato (step 5). */
export function modulatedPartialFrames(spec: Spectrogram): Uint8Array {
  const frameRate = spec.sampleRate / spec.hop;
  const window = Math.max(3, Math.round(PARTIAL_WINDOW_SEC * frameRate));
  const flags = new Uint8Array(spec.frames);
  const rates = vibratoBasis(window, frameRate);
  const residual = new Float64Array(window);
  followPartials(spec, window, (partial) => {
    for (let s = 0; s + window <= partial.cents.length; s++)
      if (isVibrato(partial.cents, s, rates, residual)) flags.fill(1, partial.start + s, partial.start + s + window);
  });
  return flags;
}

interface Partial {
  start: number;
  cents: number[];
}

/**
 * Spectral peaks of each frame linked to the nearest peak of the previous frame within MAX_STEP_CENTS (strongest
 * peak first; the earlier partial wins a tie). Calls `visit` with each partial of at least `minFrames` frames once
 * it has ended: shorter ones cannot hold a vibrato window, and most partials are that short.
 */
function followPartials(spec: Spectrogram, minFrames: number, visit: (partial: Partial) => void): void {
  const { frames, bins, data, sampleRate, fftSize } = spec;
  const lo = Math.max(1, Math.floor((PARTIAL_MIN_HZ * fftSize) / sampleRate));
  const hi = Math.min(bins - 2, Math.ceil((PARTIAL_MAX_HZ * fftSize) / sampleRate));
  const peaks = new Int32Array(MAX_PARTIALS_PER_FRAME);
  const maxima = new Int32Array(Math.max(0, hi - lo + 1));
  // Open partials: those with a peak in the previous frame (one per peak); `taken`: continued in this frame.
  let open: Partial[] = [];
  const taken = new Uint8Array(MAX_PARTIALS_PER_FRAME);
  let next: Partial[] = [];
  for (let f = 0; f < frames; f++) {
    const row = f * bins;
    const count = framePeaks(data, row, lo, hi, peaks, maxima);
    taken.fill(0);
    next.length = 0;
    for (let i = 0; i < count; i++) {
      const cents = peakCents(spec, row, peaks[i]!);
      let best = -1;
      let bestStep = Infinity;
      for (let o = 0; o < open.length; o++) {
        const { cents: line } = open[o]!;
        const step = Math.abs(line[line.length - 1]! - cents);
        if (step <= MAX_STEP_CENTS && !taken[o] && step < bestStep) {
          best = o;
          bestStep = step;
        }
      }
      if (best < 0) next.push({ start: f, cents: [cents] });
      else {
        taken[best] = 1;
        open[best]!.cents.push(cents);
        next.push(open[best]!);
      }
    }
    for (let o = 0; o < open.length; o++) if (!taken[o] && open[o]!.cents.length >= minFrames) visit(open[o]!);
    [open, next] = [next, open];
  }
  for (const partial of open) if (partial.cents.length >= minFrames) visit(partial);
}

/**
 * Local maxima in bins lo…hi above PARTIAL_PEAK_FLOOR × the strongest: the strongest `out.length`, strongest first
 * (the lower bin first among equals), written to `out`. Returns how many. `maxima` (≥ hi − lo + 1) is scratch.
 */
function framePeaks(
  data: Float32Array,
  row: number,
  lo: number,
  hi: number,
  out: Int32Array,
  maxima: Int32Array,
): number {
  let max = 0;
  let found = 0;
  for (let k = lo, left = data[row + lo - 1]!, v = data[row + lo]!; k <= hi; k++) {
    const right = data[row + k + 1]!;
    if (v > max) max = v;
    // Branch-free append (the slot is overwritten unless k is a local maximum): a test here mispredicts often.
    maxima[found] = k;
    found += +(v > left) & +(v >= right);
    left = v;
    v = right;
  }
  if (!(max > 0)) return 0;
  const floor = PARTIAL_PEAK_FLOOR * max;
  let count = 0;
  for (let j = 0; j < found; j++) {
    const k = maxima[j]!;
    const v = data[row + k]!;
    if (!(v > floor) || (count === out.length && v <= data[row + out[count - 1]!]!)) continue;
    // Insertion sort, bounded to out.length: a few dozen peaks per frame, few of them kept.
    let i = count < out.length ? count++ : count - 1;
    for (; i > 0 && data[row + out[i - 1]!]! < v; i--) out[i] = out[i - 1]!;
    out[i] = k;
  }
  return count;
}

/** Pitch (cents above 1 Hz) of the peak at bin k, refined by parabolic interpolation of the log magnitudes. */
function peakCents(spec: Spectrogram, row: number, k: number): number {
  const { data, sampleRate, fftSize } = spec;
  const d = parabolicOffset(
    Math.log(data[row + k - 1]! + 1e-12),
    Math.log(data[row + k]!),
    Math.log(data[row + k + 1]! + 1e-12),
  );
  return 1200 * Math.log2(((k + d) * sampleRate) / fftSize);
}

/** Cosine and sine over `n` frames at each whole-hertz rate from MIN_VIBRATO_HZ to MAX_VIBRATO_HZ. */
function vibratoBasis(n: number, frameRate: number): Float64Array[] {
  const basis: Float64Array[] = [];
  for (let hz = MIN_VIBRATO_HZ; hz <= MAX_VIBRATO_HZ; hz++) {
    const cos = new Float64Array(n);
    const sin = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      cos[i] = Math.cos((2 * Math.PI * hz * i) / frameRate);
      sin[i] = Math.sin((2 * Math.PI * hz * i) / frameRate);
    }
    basis.push(cos, sin);
  }
  return basis;
}

/**
 * Whether cents[s … s+n) looks like vibrato: after removing the straight-line trend (a glide), the standard
 * deviation lies in MIN_PARTIAL_STD_CENTS–MAX_MODULATION_CENTS and one sinusoid at 4–8 Hz explains at least
 * MIN_VIBRATO_FIT of the residual's power — a note change (a step) or two peaks alternating frame by frame
 * move the peak as much but not periodically at a vibrato rate. `r` (length n) receives the residual.
 */
function isVibrato(cents: number[], s: number, basis: Float64Array[], r: Float64Array): boolean {
  const n = basis[0]!.length;
  let sx = 0;
  let sy = 0;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const y = cents[s + i]!;
    sx += i;
    sy += y;
    sxy += i * y;
    sxx += i * i;
  }
  const slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  const intercept = (sy - slope * sx) / n;
  let sq = 0;
  for (let i = 0; i < n; i++) {
    r[i] = cents[s + i]! - (intercept + slope * i);
    sq += r[i]! * r[i]!;
  }
  const std = Math.sqrt(sq / n);
  if (std < MIN_PARTIAL_STD_CENTS || std > MAX_MODULATION_CENTS) return false;
  let best = 0;
  for (let b = 0; b < basis.length; b += 2) {
    let c = 0;
    let si = 0;
    for (let i = 0; i < n; i++) {
      c += r[i]! * basis[b]![i]!;
      si += r[i]! * basis[b + 1]![i]!;
    }
    best = Math.max(best, (2 * (c * c + si * si)) / n);
  }
  return best >= MIN_VIBRATO_FIT * sq;
}

/** Drop runs of 1 shorter than `minRun`, then fill runs of 0 shorter than `maxGap` between 1s. */
function cleanRuns(flags: Uint8Array, minRun: number, maxGap: number): void {
  forEachRun(flags, 1, (start, end) => {
    if (end - start < minRun) flags.fill(0, start, end);
  });
  forEachRun(flags, 0, (start, end) => {
    if (start > 0 && end < flags.length && end - start < maxGap) flags.fill(1, start, end);
  });
}

function forEachRun(flags: Uint8Array, value: number, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i <= flags.length; i++) {
    const inRun = i < flags.length && flags[i] === value;
    if (inRun && start < 0) start = i;
    else if (!inRun && start >= 0) {
      visit(start, i);
      start = -1;
    }
  }
}

/** Estimated share (0–1) of the non-silent part of the track that carries a singing voice. */
export function estimateVocalShare(spec: Spectrogram, track: PitchTrack = predominantPitch(spec)): number {
  return vocalShareOf(spec, track, modulatedPartialFrames(spec));
}

/**
 * estimateVocalShare from its two cues computed apart: the predominant pitch track (cues 2–4) and the frames with a
 * vibrato-like partial (cue 5) depend on the spectrogram only, so two threads can compute one each
 * (feature-threads.ts).
 */
export function vocalShareOf(spec: Spectrogram, track: PitchTrack, modulatedPartial: Uint8Array): number {
  const frameRate = spec.sampleRate / spec.hop;
  const voice = voiceFrames(track, frameRate, modulatedPartial);
  cleanRuns(voice, Math.round(MIN_RUN_SEC * frameRate), Math.round(MAX_GAP_SEC * frameRate));
  let loudest = 0;
  for (const p of track.power) if (p > loudest) loudest = p;
  if (!(loudest > 0)) return 0;
  let audible = 0;
  let sung = 0;
  for (let f = 0; f < voice.length; f++) {
    if (track.power[f]! < SILENCE_POWER_RATIO * loudest) continue;
    audible++;
    sung += voice[f]!;
  }
  return audible > 0 ? sung / audible : 0;
}
