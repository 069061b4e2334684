/**
 * Key- and tempo-invariant chroma embedding for fast candidate retrieval: the 2D Fourier transform
 * magnitude (2DFTM) of beat-synchronous chroma patches, after T. Bertin-Mahieux & D. P. W. Ellis (2012),
 * "Large-scale cover song recognition using the 2D Fourier transform magnitude", ISMIR.
 *
 * - Beat-synchronous chroma removes tempo; the magnitude of the 2D DFT is invariant to circular shifts
 *   along both axes, so a transposition (a rotation of the 12 pitch classes) leaves it exactly unchanged
 *   and a shift in time changes it little.
 * - Patches of EMBEDDING_PATCH_BEATS beats × 12 start at every beat; chroma is first raised to the power
 *   1.96 as in the paper (sharpens dominant pitch classes). Tracks shorter than one patch are tiled.
 * - The per-coefficient median over patches is kept for the non-redundant half of the spectrum (the DFT
 *   of a real patch is conjugate-symmetric), minus the DC term (total energy, the same for any loud track),
 *   log-compressed and L2-normalised, so similarity is a dot product.
 * - The 2DFTM is invariant to tempo only if both tracks are tracked at the same beat level; a beat reading at
 *   or above EMBEDDING_MAX_BPM is taken for double time and halved first (pairs of beats merged). Only fast
 *   readings are folded: repeating the beats of a slow reading adds no content, and on the evaluation's
 *   covers it lowered their source's retrieval (top-20 recall 37 → 37 of 60 with both folds, 41 with halving
 *   only).
 */
import { EMBEDDING_MAX_BPM, EMBEDDING_PATCH_BEATS } from '../constants';
import { beatPeriod, doubleBeatRate, halveBeatRate } from './beat-rate';
import type { BeatChroma } from '../types';

const PATCH = EMBEDDING_PATCH_BEATS;
const HALF = PATCH / 2;
const CHROMA_POWER = 1.96;

/**
 * Coefficients kept: time frequency k = 0 and k = PATCH/2 are self-conjugate, so only pitch frequencies
 * q = 0…6 are distinct there; k = 1…PATCH/2−1 keep all 12. DC (k = 0, q = 0) is dropped.
 */
const KEPT: ReadonlyArray<readonly [number, number]> = (() => {
  const kept: [number, number][] = [];
  for (let k = 0; k <= HALF; k++) {
    const qMax = k === 0 || k === HALF ? 6 : 11;
    for (let q = 0; q <= qMax; q++) if (k !== 0 || q !== 0) kept.push([k, q]);
  }
  return kept;
})();

/** Length of {@link chromaEmbedding}'s output. */
export const EMBEDDING_DIM = KEPT.length;

const COS12 = new Float64Array(144);
const SIN12 = new Float64Array(144);
for (let q = 0; q < 12; q++) {
  for (let p = 0; p < 12; p++) {
    COS12[q * 12 + p] = Math.cos((2 * Math.PI * q * p) / 12);
    SIN12[q * 12 + p] = -Math.sin((2 * Math.PI * q * p) / 12);
  }
}
const COST = new Float64Array((HALF + 1) * PATCH);
const SINT = new Float64Array((HALF + 1) * PATCH);
for (let k = 0; k <= HALF; k++) {
  for (let t = 0; t < PATCH; t++) {
    COST[k * PATCH + t] = Math.cos((2 * Math.PI * k * t) / PATCH);
    SINT[k * PATCH + t] = -Math.sin((2 * Math.PI * k * t) / PATCH);
  }
}

/** Embedding of beat-synchronous chroma; all zeros when there are no beats. */
export function chromaEmbedding(beatChroma: BeatChroma): Float32Array {
  return embeddingAtBeatLevel(atFeltBeat(beatChroma));
}

/**
 * The embedding of beat chroma taken at the beat level it is given at (no double-time fold), from the patches
 * starting every `patchStep` beats. Each patch's spectrum is updated from the previous one (a sliding
 * DFT, re-anchored every SLIDING_ANCHOR patches) instead of a DFT of every patch: a 3-minute track's embedding
 * took 12.7 → 4.1 ms of CPU, and the float32 embeddings of 60 evaluation tracks came out bit for bit the same
 * (the updates differ from the exact DFT by ≈ 1e-15).
 */
function embeddingAtBeatLevel(beatChroma: BeatChroma, patchStep = 1): Float32Array {
  const out = new Float32Array(EMBEDDING_DIM);
  if (beatChroma.beats === 0) return out;
  const pitch = pitchSpectra(powerChroma(beatChroma), beatChroma.beats);
  const beats = beatChroma.beats;
  const patches = Math.ceil(Math.max(1, beats - PATCH + 1) / patchStep);
  const mags = new Float32Array(patches * EMBEDDING_DIM);
  const spectrum = { re: new Float64Array(EMBEDDING_DIM), im: new Float64Array(EMBEDDING_DIM) };
  let at = -1;
  for (let p = 0; p < patches; p++) {
    const start = p * patchStep;
    if (p % SLIDING_ANCHOR === 0) patchSpectrum(pitch, beats, start, spectrum);
    else for (; at < start; at++) slide(pitch, at, spectrum);
    at = start;
    for (let d = 0; d < EMBEDDING_DIM; d++)
      mags[p * EMBEDDING_DIM + d] = Math.sqrt(spectrum.re[d]! * spectrum.re[d]! + spectrum.im[d]! * spectrum.im[d]!);
  }
  medianOverPatches(mags, patches, out);
  let sq = 0;
  for (let d = 0; d < EMBEDDING_DIM; d++) {
    out[d] = Math.log1p(out[d]!);
    sq += out[d]! ** 2;
  }
  if (sq > 0) for (let d = 0; d < EMBEDDING_DIM; d++) out[d] /= Math.sqrt(sq);
  return out;
}

/** Cosine similarity of two embeddings (they are unit length, so a dot product). */
export function embeddingSimilarity(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let d = 0; d < a.length; d++) dot += a[d]! * b[d]!;
  return dot;
}

/**
 * The beat rate (BPM) chromaEmbedding reads a track at: its tracked beat, halved while at or above
 * EMBEDDING_MAX_BPM (NaN with fewer than two beats).
 */
export function embeddingBeatRate(beatChroma: BeatChroma): number {
  const felt = atFeltBeat(beatChroma);
  return 60 / beatPeriod(felt);
}

/**
 * A query's embedding as it would read at half and at double its embedding beat rate, for references whose own
 * reading is an octave away (see CatalogueIndex.lookup): the 2DFTM is tempo-invariant only at one beat level, and
 * a cover's beat tracker may lock an octave away from its original's.
 */
export function embeddingsAtOtherBeatLevels(beatChroma: BeatChroma): { double: Float32Array; half: Float32Array } {
  const felt = atFeltBeat(beatChroma);
  return {
    // Every beat repeated: the patches starting on the second half of a beat add nothing, so every other one is taken.
    double: embeddingAtBeatLevel(felt.beats >= 2 ? doubleBeatRate(felt) : felt, 2),
    half: embeddingAtBeatLevel(felt.beats >= 4 ? halveBeatRate(felt) : felt),
  };
}

/** Beat chroma with double-time readings halved until the beat rate is below EMBEDDING_MAX_BPM. */
function atFeltBeat(c: BeatChroma): BeatChroma {
  let out = c;
  while (out.beats >= 4 && 60 / beatPeriod(out) >= EMBEDDING_MAX_BPM) out = halveBeatRate(out);
  return out;
}

function powerChroma(bc: BeatChroma): Float32Array {
  const out = new Float32Array(bc.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, bc.data[i]!) ** CHROMA_POWER;
  return out;
}

/** Each beat row's DFT along pitch, computed once for all the patches that hold the row. */
interface PitchSpectra {
  re: Float64Array;
  im: Float64Array;
}

function pitchSpectra(rows: Float32Array, beats: number): PitchSpectra {
  const out: PitchSpectra = { re: new Float64Array(beats * 12), im: new Float64Array(beats * 12) };
  for (let b = 0; b < beats; b++) {
    const src = b * 12;
    for (let q = 0; q < 12; q++) {
      let re = 0;
      let im = 0;
      for (let p = 0; p < 12; p++) {
        const v = rows[src + p]!;
        re += v * COS12[q * 12 + p]!;
        im += v * SIN12[q * 12 + p]!;
      }
      out.re[src + q] = re;
      out.im[src + q] = im;
    }
  }
  return out;
}

/** Where each row of the patch patchMagnitude works on starts in the pitch spectra. */
const ROW_AT = new Int32Array(PATCH);

/** The 2D DFT of the patch starting at beat `start`, kept coefficients (rows wrap for tracks shorter than a patch). */
function patchSpectrum(pitch: PitchSpectra, beats: number, start: number, out: PitchSpectra): void {
  // DFT along time of the rows' pitch spectra, only for the kept coefficients.
  const rowAt = ROW_AT;
  for (let t = 0; t < PATCH; t++) rowAt[t] = ((start + t) % beats) * 12;
  for (let d = 0; d < EMBEDDING_DIM; d++) {
    const [k, q] = KEPT[d]!;
    let re = 0;
    let im = 0;
    for (let t = 0; t < PATCH; t++) {
      const c = COST[k * PATCH + t]!;
      const sn = SINT[k * PATCH + t]!;
      const a = pitch.re[rowAt[t]! + q]!;
      const b = pitch.im[rowAt[t]! + q]!;
      re += a * c - b * sn;
      im += a * sn + b * c;
    }
    out.re[d] = re;
    out.im[d] = im;
  }
}

/** Patches between exact DFTs in a sliding run (keeps the rounding of the updates from adding up). */
const SLIDING_ANCHOR = 64;

/**
 * The spectrum of the patch starting at beat `from` + 1 from that of the patch at `from`: X ← (X − z_from +
 * z_from+PATCH) · e^(2πik/PATCH), per kept coefficient (k, q). Needs from + PATCH < beats.
 */
function slide(pitch: PitchSpectra, from: number, x: PitchSpectra): void {
  const leaving = from * 12;
  const entering = (from + PATCH) * 12;
  for (let d = 0; d < EMBEDDING_DIM; d++) {
    const [k, q] = KEPT[d]!;
    const re = x.re[d]! - pitch.re[leaving + q]! + pitch.re[entering + q]!;
    const im = x.im[d]! - pitch.im[leaving + q]! + pitch.im[entering + q]!;
    const c = COST[k * PATCH + 1]!;
    const sn = -SINT[k * PATCH + 1]!;
    x.re[d] = re * c - im * sn;
    x.im[d] = re * sn + im * c;
  }
}

function medianOverPatches(mags: Float32Array, patches: number, out: Float32Array): void {
  const column = new Float32Array(patches);
  for (let d = 0; d < EMBEDDING_DIM; d++) {
    for (let p = 0; p < patches; p++) column[p] = mags[p * EMBEDDING_DIM + d]!;
    column.sort();
    const mid = patches >> 1;
    out[d] = patches % 2 ? column[mid]! : 0.5 * (column[mid - 1]! + column[mid]!);
  }
}
