/**
 * Test factories for the matching half of the engine: synthetic songs (audio) and synthetic TrackFeatures
 * whose musical truth is known. Deterministic: every choice comes from a seeded PRNG.
 */
import type {
  BeatChroma,
  ChordSegment,
  Fingerprints,
  KeyEstimate,
  MelodyNote,
  PcmAudio,
  TrackFeatures,
} from '../src/types';
import { ANALYSIS_SAMPLE_RATE, PITCH_CLASS_NAMES, RHYTHM_STEPS } from '../src/constants';
import { FP_FRAME_SEC, landmarkHash } from '../src/signal/landmarks';
import { midiToHz, pcm, seededRandom } from './test-signals';

/** Major-scale degrees (semitones above the tonic). */
const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];

/** A random-walk melody in a major key: `count` notes on a grid of eighth/quarter notes at `bpm`. */
export function aMelody(
  seed: number,
  count: number,
  opts: { tonic?: number; bpm?: number; start?: number } = {},
): MelodyNote[] {
  const rnd = seededRandom(seed);
  const beat = 60 / (opts.bpm ?? 120);
  const notes: MelodyNote[] = [];
  let t = opts.start ?? 0;
  let degree = 7 + Math.floor(rnd() * 5);
  for (let i = 0; i < count; i++) {
    degree = Math.max(0, Math.min(14, degree + Math.floor(rnd() * 7) - 3));
    const pitch = 60 + (opts.tonic ?? 0) + 12 * Math.floor(degree / 7) + MAJOR_SCALE[degree % 7] - 12;
    const dur = beat * [0.5, 1, 0.5, 1.5, 0.5][Math.floor(rnd() * 5)];
    notes.push({ start: t, duration: dur * 0.9, pitch });
    t += dur;
  }
  return notes;
}

/** The melody moved by `semitones` and played at `tempoFactor` × the tempo (0.9 = 10 % slower). */
export function transformMelody(
  notes: MelodyNote[],
  semitones: number,
  tempoFactor: number,
  shiftSec = 0,
): MelodyNote[] {
  return notes.map((n) => ({
    start: n.start / tempoFactor + shiftSec,
    duration: n.duration / tempoFactor,
    pitch: n.pitch + semitones,
  }));
}

/** Chords from (degree, quality) pairs in a key, one per bar of 4 beats, looped over `bars` bars. */
export function aProgression(
  key: KeyEstimate,
  degrees: [number, 'maj' | 'min'][],
  bars: number,
  bpm: number,
): ChordSegment[] {
  const bar = (4 * 60) / bpm;
  const tonic = key.mode === 'minor' ? (key.tonic + 3) % 12 : key.tonic;
  return Array.from({ length: bars }, (_, i) => {
    const [deg, quality] = degrees[i % degrees.length];
    return { start: i * bar, end: (i + 1) * bar, root: (tonic + deg) % 12, quality };
  });
}

export const I_V_vi_IV: [number, 'maj' | 'min'][] = [
  [0, 'maj'],
  [7, 'maj'],
  [9, 'min'],
  [5, 'maj'],
];

export function aKey(tonic: number, mode: 'major' | 'minor' = 'major'): KeyEstimate {
  return { tonic, mode, confidence: 0.8, name: `${PITCH_CLASS_NAMES[tonic]} ${mode}` };
}

/** Beat chroma of a chord sequence: one row per beat, the chord's triad (L2-normalised), plus the melody note. */
export function beatChromaOf(
  chords: ChordSegment[],
  melody: MelodyNote[],
  bpm: number,
  durationSec: number,
): BeatChroma {
  const period = 60 / bpm;
  const beats = Math.floor(durationSec / period);
  const data = new Float32Array(beats * 12);
  const beatTimes = new Float32Array(beats);
  for (let b = 0; b < beats; b++) {
    const t = b * period;
    beatTimes[b] = t;
    const chord = chords.find((c) => c.start <= t && t < c.end);
    if (chord && chord.root >= 0) {
      for (const iv of [0, chord.quality === 'min' ? 3 : 4, 7]) data[b * 12 + ((chord.root + iv) % 12)] += 1;
    }
    const note = melody.find((n) => n.start <= t + period / 2 && t + period / 2 < n.start + n.duration);
    if (note) data[b * 12 + (((Math.round(note.pitch) % 12) + 12) % 12)] += 0.5;
    let norm = 0;
    for (let k = 0; k < 12; k++) norm += data[b * 12 + k] ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < 12; k++) data[b * 12 + k] /= norm;
  }
  return { data, beats, beatTimes };
}

/** A 16-step pattern from the steps that are played (1) and accented (extra 1). */
export function aRhythm(steps: number[], accents: number[] = []): Float32Array {
  const p = new Float32Array(RHYTHM_STEPS);
  for (const s of steps) p[s] = 0.6;
  for (const s of accents) p[s] = 1;
  return p;
}

export const FOUR_ON_THE_FLOOR = (): Float32Array => aRhythm([0, 4, 8, 12], [0, 4, 8, 12]);

/** A unit embedding vector from a seed (decoys), or a slightly perturbed copy of another one. */
export function anEmbedding(seed: number, dim = 64, near?: Float32Array, noise = 0.3): Float32Array {
  const rnd = seededRandom(seed);
  const e = new Float32Array(dim);
  for (let i = 0; i < dim; i++) e[i] = (near ? near[i] : 0) + (near ? noise : 1) * (rnd() * 2 - 1);
  const norm = Math.hypot(...e) || 1;
  for (let i = 0; i < dim; i++) e[i] /= norm;
  return e;
}

export interface SongSpec {
  seed: number;
  key?: KeyEstimate;
  bpm?: number;
  bars?: number;
  melody?: MelodyNote[];
  progression?: [number, 'maj' | 'min'][];
  rhythm?: Float32Array;
  embedding?: Float32Array;
}

/** Synthetic TrackFeatures consistent across fields (chords, melody and beat chroma agree). No fingerprints. */
export function aTrack(spec: SongSpec): TrackFeatures {
  const bpm = spec.bpm ?? 120;
  const bars = spec.bars ?? 16;
  const key = spec.key ?? aKey(0);
  const durationSec = (bars * 4 * 60) / bpm;
  const melody = spec.melody ?? aMelody(spec.seed, bars * 6, { tonic: key.tonic, bpm });
  const rnd = seededRandom(spec.seed + 7);
  const progression =
    spec.progression ??
    Array.from({ length: 4 }, (): [number, 'maj' | 'min'] => [
      MAJOR_SCALE[Math.floor(rnd() * 7)],
      rnd() < 0.5 ? 'maj' : 'min',
    ]);
  const chords = aProgression(key, progression, bars, bpm);
  const beats = Float32Array.from({ length: bars * 4 }, (_, i) => (i * 60) / bpm);
  return {
    durationSec,
    tempoBpm: bpm,
    beats,
    key,
    chords,
    melody,
    rhythmPattern:
      spec.rhythm ??
      aRhythm(
        [0, 3, 6, 10, 12].map((s) => (s + Math.floor(rnd() * 3)) % 16),
        [0],
      ),
    beatChroma: beatChromaOf(chords, melody, bpm, durationSec),
    embedding: spec.embedding ?? anEmbedding(spec.seed),
    fingerprints: { hashes: new Uint32Array(0), times: new Uint32Array(0), frameSec: 256 / ANALYSIS_SAMPLE_RATE },
    vocalShare: 0,
  };
}

/**
 * Adds a plucked (piano-like) harmonic tone: 5 ms attack, exponential decay with time constant `decaySec`
 * (shorter for higher partials). Sines and decays run as recurrences, so no Math call per sample.
 */
export function addPluckedTone(
  out: Float32Array,
  startSec: number,
  pitch: number,
  durationSec: number,
  amplitude: number,
  decaySec: number,
): void {
  const sr = ANALYSIS_SAMPLE_RATE;
  const at = Math.round(startSec * sr);
  const n = Math.min(Math.round(durationSec * sr), out.length - at);
  const f0 = midiToHz(pitch);
  const attack = Math.round(0.005 * sr);
  const release = Math.round(0.02 * sr);
  for (let h = 1; h <= 8; h++) {
    const w = (2 * Math.PI * f0 * h) / sr;
    if (w >= Math.PI) break;
    const a = amplitude * 0.7 ** (h - 1);
    const decay = Math.exp(-h / (decaySec * sr));
    const c = 2 * Math.cos(w);
    let s1 = -Math.sin(w); // sin(w·(i−1)) at i = 0
    let s2 = -Math.sin(2 * w); // sin(w·(i−2)) at i = 0
    let env = 1;
    for (let i = 0; i < n; i++) {
      const s0 = c * s1 - s2; // sin(w·i)
      s2 = s1;
      s1 = s0;
      const ramp = i < attack ? i / attack : n - i < release ? (n - i) / release : 1;
      out[at + i] += a * env * ramp * s0;
      env *= decay;
    }
  }
}

/** Renders a melody (plucked tones) over plucked triads, one per chord span: a small synthetic song. */
export function renderSong(melody: MelodyNote[], chords: ChordSegment[], durationSec: number): PcmAudio {
  const out = new Float32Array(Math.round(durationSec * ANALYSIS_SAMPLE_RATE));
  for (const n of melody) if (n.start < durationSec) addPluckedTone(out, n.start, n.pitch, n.duration, 0.25, 0.8);
  for (const c of chords) {
    if (c.root < 0 || c.start >= durationSec) continue;
    for (const iv of [0, c.quality === 'min' ? 3 : 4, 7])
      addPluckedTone(out, c.start, 48 + c.root + iv, c.end - c.start, 0.08, 1.5);
  }
  return pcm(out);
}

/** Deterministic spectral peaks (fingerprint frame, bin) at `perSecond` a second over `seconds`, in time order. */
export function somePeaks(seed: number, seconds: number, perSecond: number): [number, number][] {
  const second = Math.round(1 / FP_FRAME_SEC);
  let x = seed;
  const next = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return Array.from({ length: seconds * perSecond }, (): [number, number] => [
    Math.floor(next() * seconds * second),
    20 + Math.floor(next() * 200),
  ]).sort((a, b) => a[0] - b[0]);
}

/** Landmarks pairing each anchor with the next `fanOut` peaks of `targets` after it (as signal/landmarks.ts does). */
export function landmarksOf(anchors: [number, number][], targets: [number, number][], fanOut: number): Fingerprints {
  const hashes: number[] = [];
  const times: number[] = [];
  for (const [frame, bin] of anchors) {
    let paired = 0;
    for (const [tf, tb] of targets) {
      if (tf <= frame || tf - frame > 63 || Math.abs(tb - bin) > 63) continue;
      hashes.push(landmarkHash(bin, tb - bin, tf - frame));
      times.push(frame);
      if (++paired === fanOut) break;
    }
  }
  return { hashes: Uint32Array.from(hashes), times: Uint32Array.from(times), frameSec: FP_FRAME_SEC };
}
