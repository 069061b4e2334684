/**
 * Rhythm and tempo comparison.
 * Rhythm: the 16-step bar patterns are compared by circular correlation over rotations by whole and half
 * beats — bars are counted from the first tracked beat (no downbeat detection), so the bar may start on any of
 * its 4 beats, and a beat tracker can lock onto the off-beats; a shift by a sixteenth is a different rhythm —
 * and the result is weighted by how rare the reference's pattern is in the catalogue — a
 * four-on-the-floor kick that most dance tracks share is weak evidence of copying.
 * Tempo: closeness of BPM, allowing double and half time.
 */
import type { DimensionComparison, TrackFeatures } from '../types';
import type { PriorArtModel } from './prior-art';
import { foldTempoRatio, percent, segment } from './match-utils';
import { ROTATION_STEPS, TEMPO_SIGMA_OCTAVES, rhythmCode } from './rhythm-code';

/** Best circular Pearson correlation of two equal-length patterns over shifts by multiples of `stride` steps. */
export function circularCorrelation(
  a: Float32Array,
  b: Float32Array,
  stride = 1,
): { correlation: number; shift: number } {
  const n = a.length;
  if (n === 0 || b.length !== n) return { correlation: 0, shift: 0 };
  const ca = centred(a);
  const cb = centred(b);
  const norm = Math.sqrt(dot(ca, ca, 0) * dot(cb, cb, 0));
  if (!(norm > 0)) return { correlation: 0, shift: 0 };
  let best = -1;
  let shift = 0;
  for (let s = 0; s < n; s += stride) {
    const c = dot(ca, cb, s) / norm;
    if (c > best) {
      best = c;
      shift = s;
    }
  }
  return { correlation: best, shift };
}

function centred(x: Float32Array): Float64Array {
  let mean = 0;
  for (let i = 0; i < x.length; i++) mean += x[i];
  mean /= x.length;
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i] - mean;
  return out;
}

function dot(a: Float64Array, b: Float64Array, shift: number): number {
  const n = a.length;
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i] * b[(i + shift) % n];
  return s;
}

/** Query tempo over reference tempo, folded by octaves (double/half time count as the same tempo). */
export function tempoRatio(query: TrackFeatures, ref: TrackFeatures): number {
  return foldTempoRatio(query.tempoBpm / ref.tempoBpm);
}

export function compareRhythm(query: TrackFeatures, ref: TrackFeatures, priorArt: PriorArtModel): DimensionComparison {
  const { correlation } = circularCorrelation(query.rhythmPattern, ref.rhythmPattern, ROTATION_STEPS);
  const weight = priorArt.rhythmRarity(rhythmCode(ref.rhythmPattern));
  const similarity = percent(Math.max(0, correlation) * weight);
  return {
    dimension: 'rhythm',
    similarity,
    evidence: { score: similarity / 100, cells: 1 },
    // The pattern is an average over all bars, so the evidence spans both whole tracks.
    segments: similarity > 0 ? [segment(0, query.durationSec, 0, ref.durationSec)] : [],
    transform: { transpositionSemitones: 0, tempoRatio: tempoRatio(query, ref) },
    ...(similarity > 0 ? { patternRarity: weight } : {}),
  };
}

export function compareTempo(query: TrackFeatures, ref: TrackFeatures): DimensionComparison {
  const valid = query.tempoBpm > 0 && ref.tempoBpm > 0;
  const ratio = valid ? tempoRatio(query, ref) : 1;
  const d = Math.log2(ratio) / TEMPO_SIGMA_OCTAVES;
  const similarity = valid ? percent(Math.exp(-0.5 * d * d)) : 0;
  return {
    dimension: 'tempo',
    similarity,
    segments: similarity > 0 ? [segment(0, query.durationSec, 0, ref.durationSec)] : [],
    transform: { transpositionSemitones: 0, tempoRatio: ratio },
  };
}
