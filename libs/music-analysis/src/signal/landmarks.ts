/**
 * Landmark audio fingerprints after Wang (2003), "An Industrial-Strength Audio Search Algorithm", ISMIR:
 * spectral peaks that are maxima of their time–frequency neighbourhood survive noise and lossy coding; pairs
 * of nearby peaks (anchor + target in a zone after it) are hashed as (anchor frequency, Δf, Δt). This module
 * extracts them; matching/landmark-match.ts compares two sets, index/fingerprint-index.ts looks a set up in
 * the catalogue.
 */
import type { Fingerprints, PcmAudio, QueryLandmarks } from '../types';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { forEachStftFrame } from './stft';
import { sortPackedKeys } from './packed-keys';
import { ROW_MAXIMUM_WASM_BASE64 } from './row-maximum-wasm.generated';
import { WasmModule } from './wasm-module';

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
/**
 * The query side looks up more landmarks than the catalogue stores (asymmetric density, as audfprint's and Panako's
 * query settings): a sample mixed under other music at equal loudness loses most of its stored peaks to the other
 * piece — they stop being maxima of the wide neighbourhood or fall out of the strongest 12 a second — and the
 * other piece's peaks come between its anchors and their targets, so few of its stored pairs are formed again.
 * A query therefore also picks maxima of a narrower neighbourhood (±7 bins × ±6 frames, a superset of the stored
 * kind), keeps the 30 strongest a second, and pairs each with its next 15 (≈ 0.5 s at that density, as far as a
 * stored anchor's fifth target lies at 12 a second). A stored landmark whose two peaks are still among them is
 * formed again whatever came between. The index stays at the stored density; the query's lookups grow ≈ 7×.
 * Effects tuning split, samples whose exact-audio similarity reaches 80 (scored as stored landmarks are): 15/23 →
 * 21/23 (20/23 at ±5 × ±4, 17/23 with peaks thinned per frequency band instead of across the spectrum — the stored
 * peaks are the strongest across it; 23/23 at 60 a second and fan-out 30, ≈ 20× the stored landmarks). Scored with
 * the stricter per-second evidence such queries need (matching/landmark-match.ts QUERY_DENSITY_EVIDENCE), the
 * evaluation's samples at similarity ≥ 80 went from 65 % to 83 %.
 */
export const QUERY_PEAKS_PER_SECOND = 30;
export const QUERY_FAN_OUT = 15;
const QUERY_NEIGHBOUR_BINS = 7;
const QUERY_NEIGHBOUR_FRAMES = 6;
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
  /** A maximum of the stored landmarks' wide neighbourhood (not only of the query's narrower one). */
  stored: boolean;
}

export function extractFingerprints(audio: PcmAudio): Fingerprints {
  const samples =
    audio.sampleRate === ANALYSIS_SAMPLE_RATE
      ? audio.samples
      : resampleLinear(audio.samples, audio.sampleRate, ANALYSIS_SAMPLE_RATE);
  return fingerprintsOfFrames((visit) => forEachStftFrame(samples, FP_FFT_SIZE, FP_HOP, visit));
}

/** Calls `visit` with each frame's magnitudes in order, as forEachStftFrame does. */
export type StftFrameSource = (visit: (magnitudes: Float32Array, f: number) => void) => void;

/** extractFingerprints of audio whose STFT frames come from `frames` (a stream that may still be decoding). */
export function fingerprintsOfFrames(frames: StftFrameSource): Fingerprints {
  const { stored, dense } = pickPeaks(frames);
  const fingerprints = pairLandmarks(stored, FAN_OUT);
  return { ...fingerprints, query: queryLandmarks(fingerprints, dense) };
}

/** The landmarks a catalogue stores of a track: `fp` without its query landmarks. */
export function storedLandmarks(fp: Fingerprints): Fingerprints {
  return fp.query ? { hashes: fp.hashes, times: fp.times, frameSec: fp.frameSec } : fp;
}

/**
 * The landmarks a query looks up: the stored ones and the pairs of the denser query peaks (QUERY_PEAKS_PER_SECOND,
 * QUERY_FAN_OUT), without duplicates (a duplicate would vote twice), in time order.
 */
function queryLandmarks(stored: Fingerprints, dense: Peak[]): QueryLandmarks {
  const extra = pairLandmarks(dense, QUERY_FAN_OUT);
  const keys = new Float64Array(stored.hashes.length + extra.hashes.length);
  let n = 0;
  for (const set of [stored, extra])
    for (let i = 0; i < set.hashes.length; i++) keys[n++] = set.times[i] * HASH_SPAN + set.hashes[i];
  sortPackedKeys(keys);
  const hashes = new Uint32Array(n);
  const times = new Uint32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && keys[i] === keys[i - 1]) continue;
    times[m] = Math.floor(keys[i] / HASH_SPAN);
    hashes[m] = keys[i] - times[m] * HASH_SPAN;
    m++;
  }
  return { hashes: hashes.slice(0, m), times: times.slice(0, m) };
}

const HASH_SPAN = 2 ** HASH_BITS;

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

/** The log magnitude peaks are ranked by, as the float32 a stored log spectrogram would hold. */
function logMagnitude(magnitude: number): number {
  return Math.fround(Math.log(magnitude + 1e-9));
}

/**
 * A cell whose magnitude is below its neighbourhood's maximum by less than this share may still have the same
 * float32 log magnitude (a tie, which counts as a peak), so its logarithms are compared. Two float32 logarithms
 * are equal only when the logarithms differ by at most one float32 step, ≤ 2^−23 × |log| ≤ 1.1e-5 for any float32
 * magnitude (|log| ≤ 89); 1e-4 leaves a wide margin, and the cells it lets through are few.
 */
const TIE_SHARE = 1e-4;

/** Frames of log spectrum whose peaks are picked at a time (plus NEIGHBOUR_FRAMES of context on each side). */
const PEAK_CHUNK_FRAMES = 1024;

/**
 * Neighbourhood-maximum peaks of the log spectrogram: the stored ones (maxima of the wide neighbourhood, thinned to
 * PEAKS_PER_SECOND strongest per second) and the query's denser ones (maxima of the narrower neighbourhood, thinned
 * to QUERY_PEAKS_PER_SECOND), which include every stored peak.
 *
 * The log spectrum is processed in chunks of PEAK_CHUNK_FRAMES as the STFT produces it, each with the
 * NEIGHBOUR_FRAMES rows before and after it, so only ≈ 1 MB of it is held instead of the whole track's
 * (31 MB, twice, for 3 minutes). The neighbourhood maxima, hence the peaks, are the same as a whole-track filter's
 * (filteredSpan). The silence floor needs the loudest cell of the whole track: candidates above the absolute floor
 * are collected and the relative floor applied at the end.
 *
 * The neighbourhood maxima are taken of the magnitudes, and logarithms computed only for the peaks (and near-ties):
 * logMagnitude never decreases with the magnitude, so the largest log of a neighbourhood is the log of its largest
 * magnitude, and the peaks are the same as those of the log spectrum — without 78 million logarithms per hour of audio.
 *
 * Only the rows are filtered over the whole spectrogram (±7 bins, rowMax). A cell below its row neighbourhood's
 * maximum is below its whole neighbourhood's, so only the few cells at their row's maximum (nextTop) read the
 * column of row maxima over ±6 frames (columnMaximum) — a filter across every frame cost as much as all the rest of
 * the search. The wide neighbourhood (±10 bins × ±8 frames) is the union of four narrow ones (±7 × ±6) centred ±3
 * bins and ±2 frames away, so a candidate's wide maximum is the largest of four narrow maxima: the same values.
 */
function pickPeaks(frames: StftFrameSource): { stored: Peak[]; dense: Peak[] } {
  const nb = MAX_BIN - MIN_BIN;
  // The stored peaks' neighbourhood is the wider one in both directions.
  const context = NEIGHBOUR_FRAMES;
  const capacity = PEAK_CHUNK_FRAMES + 2 * context;
  const L = new Float32Array(capacity * nb);
  const rowMax = new Float32Array(capacity * nb);
  const rowMaximum = new RowMaximum(nb, QUERY_NEIGHBOUR_BINS);
  const candidates: Peak[] = [];
  let loudest = -Infinity;
  const isTop = (v: number, top: number): boolean =>
    v === top || (v + 1e-9 >= (top + 1e-9) * (1 - TIE_SHARE) && logMagnitude(v) === logMagnitude(top));
  /** Global frame of L's first row; rows before `done` have been searched. */
  let base = 0;
  let done = 0;
  const search = (rows: number, last: boolean): void => {
    // The track's frame count, once the last chunk has come.
    const trackFrames = last ? base + rows : Infinity;
    const near = (f: number, k: number): number => columnMaximum(rowMax, f, k, base, trackFrames, nb);
    // Rows whose whole ±context window is in the buffer (or clipped by the end of the track, as a whole-track filter would).
    const end = last ? base + rows : base + rows - context;
    for (let f = done; f < end; f++) {
      const row = (f - base) * nb;
      for (let k = nextTop(L, rowMax, row, 0, nb); k < nb; k = nextTop(L, rowMax, row, k + 1, nb)) {
        const v = L[row + k];
        if (!isTop(v, near(f, k))) continue;
        const strength = logMagnitude(v);
        if (strength <= ABSOLUTE_LOG_FLOOR) continue;
        const interior =
          k >= NEIGHBOUR_BINS && k < nb - NEIGHBOUR_BINS && f >= NEIGHBOUR_FRAMES && f < trackFrames - NEIGHBOUR_FRAMES;
        const wide = interior
          ? Math.max(
              near(f - WIDE_FRAME_OFFSET, k - WIDE_BIN_OFFSET),
              near(f - WIDE_FRAME_OFFSET, k + WIDE_BIN_OFFSET),
              near(f + WIDE_FRAME_OFFSET, k - WIDE_BIN_OFFSET),
              near(f + WIDE_FRAME_OFFSET, k + WIDE_BIN_OFFSET),
            )
          : edgeMaximum(L, f, k, base, rows, nb);
        candidates.push({ frame: f, bin: k + MIN_BIN, strength, stored: isTop(v, wide) });
      }
    }
    // Keep the context rows before the next unsearched frame.
    const keepFrom = end - context;
    L.copyWithin(0, (keepFrom - base) * nb, rows * nb);
    rowMax.copyWithin(0, (keepFrom - base) * nb, rows * nb);
    base = keepFrom;
    done = end;
  };
  // The track's length is known only once the frames stop.
  let lastFrame = -1;
  frames((magnitudes, f) => {
    const row = (f - base) * nb;
    const values = magnitudes.subarray(MIN_BIN, MAX_BIN);
    L.set(values, row);
    rowMax.set(rowMaximum.of(values), row);
    for (let k = 0; k < nb; k++) if (values[k]! > loudest) loudest = values[k]!;
    lastFrame = f;
    if (f - base + 1 === capacity) search(capacity, false);
  });
  if (lastFrame >= 0) search(lastFrame - base + 1, true);
  // The log of the loudest magnitude as the spectrogram holds it (the log itself not rounded to float32).
  if (loudest > -Infinity) loudest = Math.log(loudest + 1e-9);
  const floor = Math.max(loudest - SILENCE_LOG_RANGE, ABSOLUTE_LOG_FLOOR);
  const audible = candidates.filter((p) => p.strength > floor);
  const second = Math.round(1 / FP_FRAME_SEC);
  const stored = thinPeaks(
    audible.filter((p) => p.stored),
    second,
    PEAKS_PER_SECOND,
  );
  // A stored peak may have 30 stronger ones nearby that are maxima of the narrower neighbourhood only; it stays.
  const kept = new Set([...stored, ...thinPeaks(audible, second, QUERY_PEAKS_PER_SECOND)]);
  return { stored, dense: audible.filter((p) => kept.has(p)) };
}

/**
 * The first bin from k on whose magnitude may be its row neighbourhood's maximum (isTop's first test against the
 * row maxima `rowMax`; the whole neighbourhood's maximum is no smaller), else nb.
 */
function nextTop(L: Float32Array, rowMax: Float32Array, row: number, k: number, nb: number): number {
  for (; k < nb; k++) if (L[row + k] + 1e-9 >= (rowMax[row + k] + 1e-9) * (1 - TIE_SHARE)) return k;
  return nb;
}

/**
 * The narrow neighbourhood's maximum of frame f, bin k: the largest row maximum (rowMax: rows from track frame
 * `base`) over the frames a filter across the rows covers there (filteredSpan; the track's length is Infinity
 * until its last chunk).
 */
function columnMaximum(rowMax: Float32Array, f: number, k: number, base: number, frames: number, nb: number): number {
  const [f0, f1] = filteredSpan(f, QUERY_NEIGHBOUR_FRAMES, frames);
  let m = -Infinity;
  for (let g = f0; g <= f1; g++) m = Math.max(m, rowMax[(g - base) * nb + k]);
  return m;
}

/** How far the four narrow neighbourhoods that make up the wide one lie from its centre (bins, frames). */
const WIDE_BIN_OFFSET = NEIGHBOUR_BINS - QUERY_NEIGHBOUR_BINS;
const WIDE_FRAME_OFFSET = NEIGHBOUR_FRAMES - QUERY_NEIGHBOUR_FRAMES;

/**
 * The wide neighbourhood's maximum of frame f, bin k near an edge of the spectrogram (the magnitudes L: `rows`
 * rows from track frame `base`), read cell by cell over the span the van Herk filters cover there (filteredSpan),
 * so peaks are the same as those of a whole-track filter. Edges are the lowest and highest NEIGHBOUR_BINS bins and
 * the first and last NEIGHBOUR_FRAMES frames of the track; the last chunk's rows end with the track.
 */
function edgeMaximum(L: Float32Array, f: number, k: number, base: number, rows: number, nb: number): number {
  const [k0, k1] = filteredSpan(k, NEIGHBOUR_BINS, nb);
  const [f0, f1] = filteredSpan(f, NEIGHBOUR_FRAMES, base + rows);
  let m = -Infinity;
  for (let g = f0; g <= f1; g++) for (let b = k0; b <= k1; b++) m = Math.max(m, L[(g - base) * nb + b]);
  return m;
}

/**
 * The items a van Herk filter takes the maximum of at position t of n, radius r: the window clipped to
 * the array, widened to its whole block (blocks of 2r + 1 from item 0) when the clipped window lies inside one block —
 * max(h[lo], g[hi]) then covers all of it. Across frames the spans are the ones the whole-track filter the catalogue's
 * landmarks were extracted with covered, so the peaks near a track's ends stay the same.
 */
function filteredSpan(t: number, r: number, n: number): [number, number] {
  const w = 2 * r + 1;
  const lo = Math.max(0, t - r);
  const hi = Math.min(n - 1, t + r);
  return [Math.min(lo, hi - (hi % w)), Math.max(hi, Math.min(n - 1, lo - (lo % w) + w - 1))];
}

/**
 * Density control: a peak is kept when fewer than PEAKS_PER_SECOND stronger peaks lie within ±½ s of it. The
 * window slides with each peak, so an excerpt keeps the same peaks as the full track (fixed one-second blocks
 * would not, as their boundaries move with the excerpt's start). Candidates arrive in frame order; the
 * window's strengths live in a Fenwick tree over strength ranks, so counting the stronger ones costs
 * O(log n) whatever the density — O(n log n) in all (a plateau of equal cells used to make this quadratic).
 */
function thinPeaks(candidates: Peak[], windowFrames: number, perWindow: number): Peak[] {
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
    if (strongerThan(rank[i]) < perWindow) kept.push(p);
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

const ROW_MAXIMUM_MODULE = new WasmModule<{
  rowMaximum(row: number, work: number, out: number, length: number, radius: number): void;
}>(ROW_MAXIMUM_WASM_BASE64);

/**
 * The running maximum over ±radius of a row of `length` values (at least 2·radius + 1), as a van Herk filter along
 * the row takes it (see assembly/row-maximum.ts and filteredSpan).
 */
export class RowMaximum {
  private readonly values: Float32Array;
  /** The last row's maxima: a view of the module's memory, overwritten by the next row. */
  private readonly out: Float32Array;
  private readonly run: () => void;

  constructor(length: number, radius: number) {
    if (length < 2 * radius + 1) throw new RangeError('a row maximum needs a row of at least 2·radius + 1 values');
    // The row with radius slots of padding on each side and 4 more for vector loads past its end, a working row of
    // the same size, the maxima (and 3 slots the last vector store may write past them).
    const padded = length + 2 * radius + 4;
    const { exports, views, at } = ROW_MAXIMUM_MODULE.instantiate({
      row: ['f32', padded],
      work: ['f32', padded],
      out: ['f32', length + 3],
    });
    this.values = views.row.subarray(radius, radius + length);
    this.out = views.out.subarray(0, length);
    this.run = () => exports.rowMaximum(at.row, at.work, at.out, length, radius);
  }

  of(values: Float32Array): Float32Array {
    this.values.set(values);
    this.run();
    return this.out;
  }
}

/** Anchor–target pairs → 21-bit hashes; times are the anchor frames. */
function pairLandmarks(peaks: Peak[], fanOut: number): Fingerprints {
  const hashes = new Uint32Array(peaks.length * fanOut);
  const times = new Uint32Array(peaks.length * fanOut);
  let n = 0;
  for (let a = 0; a < peaks.length; a++) {
    const anchor = peaks[a];
    let paired = 0;
    for (let b = a + 1; b < peaks.length && paired < fanOut; b++) {
      const target = peaks[b];
      const dt = target.frame - anchor.frame;
      if (dt > MAX_DT) break;
      const df = target.bin - anchor.bin;
      if (dt < 1 || df < -MAX_DF || df > MAX_DF) continue;
      paired++;
      if (inLowestBin(anchor, target)) continue;
      hashes[n] = landmarkHash(anchor.bin, df, dt);
      times[n] = anchor.frame;
      n++;
    }
  }
  return { hashes: hashes.slice(0, n), times: times.slice(0, n), frameSec: FP_FRAME_SEC };
}

/**
 * Whether both peaks of a pair lie in the band's lowest bin (86 Hz). Such a pair is not made a landmark: that bin
 * holds a rock song's low E and F bass notes and most kicks, one after another, so the pair says little more than
 * "two low beats Δt apart", and any two bass-heavy recordings in one key and tempo share it wherever their beats
 * fall together. The peaks themselves stay, and count towards the fan-out as before, so every other landmark is
 * the same. Measured on recordings-2 (tuning): a Drascula cue kept out of the catalogue matched a Frets on Fire
 * song at 88 through 78 agreeing landmarks, 75 of them such pairs. Two samples of produced recordings found at their
 * offset (recordings, tuning) hold only 4 such pairs among their 45 and 67 agreeing landmarks, while 22 and 29 of
 * theirs pair that bin with another; those stay (tools/eval/null/agreeing-landmarks.ts).
 */
function inLowestBin(anchor: Peak, target: Peak): boolean {
  return anchor.bin === MIN_BIN && target.bin === MIN_BIN;
}

/** The frequency bin of a landmark's anchor peak. */
export function anchorBin(hash: number): number {
  return (hash >>> 13) + MIN_BIN;
}

/** The frequency bin of a landmark's target peak: its anchor's plus Δf. */
export function targetBin(hash: number): number {
  return anchorBin(hash) + ((hash >>> 6) & 0x7f) - 64;
}

/** The frames from a landmark's anchor peak to its target peak (Δt). */
export function landmarkDt(hash: number): number {
  return hash & 0x3f;
}

export function landmarkHash(anchorBin: number, df: number, dt: number): number {
  return (((anchorBin - MIN_BIN) & 0xff) << 13) | (((df + 64) & 0x7f) << 6) | (dt & 0x3f);
}

/**
 * The hashes a landmark would have in a recording whose pitch is `pitchRatio` times lower and whose time runs
 * `speed` times slower than this one's (the reference a pitch-shifted or tempo-changed copy came from), written
 * to `out`; returns how many. Frequencies are divided by pitchRatio and Δt multiplied by speed; a bin that falls
 * between two integers yields both (each peak was rounded to a bin on its own side), Δt only its nearest (the
 * lookup already allows ±1 frame). Pairs whose mapped bins or Δt leave the hash's range yield nothing.
 */
export function transformedLandmarkHashes(hash: number, pitchRatio: number, speed: number, out: Uint32Array): number {
  const dt = Math.round((hash & 0x3f) * speed);
  if (dt < 1 || dt > MAX_DT) return 0;
  const anchor = anchorBin(hash) / pitchRatio;
  const target = targetBin(hash) / pitchRatio;
  let n = 0;
  for (const a of nearBins(anchor)) {
    if (a < MIN_BIN || a >= MAX_BIN) continue;
    for (const t of nearBins(target)) {
      if (t - a < -MAX_DF || t - a > MAX_DF) continue;
      out[n++] = landmarkHash(a, t - a, dt);
    }
  }
  return n;
}

/** Room `out` needs in transformedLandmarkHashes. */
export const MAX_TRANSFORMED_HASHES = 4;

/**
 * The stored landmarks of the recording a copy pitched `semitones` up came from, as the copy's landmarks imply them
 * (transformedLandmarkHashes at the same speed): what the fingerprint index is asked when a pitched copy is looked
 * up. A landmark whose mapped bins fall between two integers stands for each of them, at its own time.
 */
export function pitchShiftedLandmarks(fp: Fingerprints, semitones: number): Fingerprints {
  return transformedLandmarks(fp, 2 ** (semitones / 12), 1);
}

/**
 * The stored landmarks of the recording a copy played `speed` times as fast came from, as the copy's landmarks imply
 * them: Δt multiplied by the speed (transformedLandmarkHashes), and each anchor's time too, so that the offset to
 * the reference stays (nearly) constant along the copy.
 */
export function stretchedLandmarks(fp: Fingerprints, speed: number): Fingerprints {
  return transformedLandmarks(fp, 1, speed);
}

function transformedLandmarks(fp: Fingerprints, pitchRatio: number, speed: number): Fingerprints {
  const hashes: number[] = [];
  const times: number[] = [];
  const out = new Uint32Array(MAX_TRANSFORMED_HASHES);
  for (let i = 0; i < fp.hashes.length; i++) {
    const count = transformedLandmarkHashes(fp.hashes[i]!, pitchRatio, speed, out);
    for (let v = 0; v < count; v++) {
      hashes.push(out[v]!);
      times.push(Math.round(fp.times[i]! * speed));
    }
  }
  return { hashes: Uint32Array.from(hashes), times: Uint32Array.from(times), frameSec: fp.frameSec };
}

/** The integer bins a mapped frequency may have been rounded to: its floor and ceiling (one when it is whole). */
function nearBins(bin: number): number[] {
  const low = Math.floor(bin);
  return low === bin ? [low] : [low, low + 1];
}

/**
 * The hashes a query landmark is looked up under: its own and the same pair one frame closer or further.
 * When the query's frame grid is not aligned with the reference's (any excerpt), an onset peak can land one
 * frame early or late, which changes Δt by one; looking up the neighbours recovers those landmarks.
 */
export function lookupHashes(hash: number, out: Uint32Array): number {
  const dt = hash & 0x3f;
  const base = hash & ~0x3f;
  let n = 0;
  out[n++] = hash;
  if (dt > 1) out[n++] = base | (dt - 1);
  if (dt < MAX_DT) out[n++] = base | (dt + 1);
  return n;
}
