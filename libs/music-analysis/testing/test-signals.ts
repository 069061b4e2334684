/**
 * Synthetic signals whose musical truth is known, for the engine's tests: tones, harmonic tones with
 * partials (optionally detuned or with vibrato), chords and cadences, click tracks, seeded noise, and a
 * 16-bit WAV encoder so decode tests can write real files.
 */
import { A4_HZ, A4_MIDI, ANALYSIS_SAMPLE_RATE } from '../src/constants';
import type { PcmAudio } from '../src/types';

export function midiToHz(midi: number): number {
  return A4_HZ * 2 ** ((midi - A4_MIDI) / 12);
}

export function pcm(samples: Float32Array, sampleRate = ANALYSIS_SAMPLE_RATE): PcmAudio {
  return { samples, sampleRate, durationSec: samples.length / sampleRate };
}

/** A pure sine tone. */
export function sineTone(
  freqHz: number,
  durationSec: number,
  sampleRate = ANALYSIS_SAMPLE_RATE,
  amplitude = 0.5,
): Float32Array {
  const out = new Float32Array(Math.round(durationSec * sampleRate));
  const w = (2 * Math.PI * freqHz) / sampleRate;
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin(w * i);
  return out;
}

export interface ToneOptions {
  sampleRate?: number;
  amplitude?: number;
  /** Number of harmonic partials (1 = pure tone). */
  partials?: number;
  /** Amplitude of partial h is decay^(h−1). */
  partialDecay?: number;
  /** Global detuning in cents (−30 = 30 cents flat). */
  tuningCents?: number;
  /** Vibrato: sinusoidal pitch modulation. */
  vibratoHz?: number;
  vibratoCents?: number;
  /** Attack/release ramp (s), avoids clicks at note edges. */
  rampSec?: number;
}

/** Add a harmonic tone at MIDI `pitch` into `out` starting at sample `offset`. */
export function addHarmonicTone(
  out: Float32Array,
  offset: number,
  pitch: number,
  durationSec: number,
  opts: ToneOptions = {},
): void {
  const sr = opts.sampleRate ?? ANALYSIS_SAMPLE_RATE;
  const amp = opts.amplitude ?? 0.2;
  const partials = opts.partials ?? 6;
  const decay = opts.partialDecay ?? 0.6;
  const f0 = midiToHz(pitch + (opts.tuningCents ?? 0) / 100);
  const vibHz = opts.vibratoHz ?? 0;
  const vibDepth = (opts.vibratoCents ?? 0) / 1200;
  const ramp = Math.max(1, Math.round((opts.rampSec ?? 0.01) * sr));
  const n = Math.min(Math.round(durationSec * sr), out.length - offset);
  const phases = new Float64Array(partials);
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const f = vibHz > 0 ? f0 * 2 ** (vibDepth * Math.sin(2 * Math.PI * vibHz * t)) : f0;
    const env = Math.min(1, i / ramp, (n - i) / ramp);
    let s = 0;
    let a = 1;
    for (let h = 0; h < partials; h++) {
      const fh = f * (h + 1);
      if (fh < sr / 2) {
        phases[h] = phases[h]! + (2 * Math.PI * fh) / sr;
        s += a * Math.sin(phases[h]!);
      }
      a *= decay;
    }
    out[offset + i] = out[offset + i]! + amp * env * s;
  }
}

/** Render a sequence of chords (each a list of MIDI pitches), `secondsPerChord` each. */
export function renderChords(chords: number[][], secondsPerChord: number, opts: ToneOptions = {}): Float32Array {
  const sr = opts.sampleRate ?? ANALYSIS_SAMPLE_RATE;
  const step = Math.round(secondsPerChord * sr);
  const out = new Float32Array(step * chords.length);
  chords.forEach((chord, i) => {
    for (const p of chord) addHarmonicTone(out, i * step, p, secondsPerChord, opts);
  });
  return out;
}

/** Root-position triad on MIDI `root` (with the root doubled an octave below for a bass line). */
export function triad(root: number, quality: 'maj' | 'min'): number[] {
  return [root - 12, root, root + (quality === 'maj' ? 4 : 3), root + 7];
}

/** I–IV–V–I in C major (C4 = 60), each chord with a bass note. */
export function cMajorCadence(): number[][] {
  return [triad(60, 'maj'), triad(65, 'maj'), triad(67, 'maj'), triad(60, 'maj')];
}

/** A click track: short decaying noise-free clicks (a 2 kHz burst) at `bpm`. */
export function clickTrack(
  bpm: number,
  durationSec: number,
  sampleRate = ANALYSIS_SAMPLE_RATE,
  offsetSec = 0,
): Float32Array {
  const out = new Float32Array(Math.round(durationSec * sampleRate));
  const period = 60 / bpm;
  const clickLen = Math.round(0.02 * sampleRate);
  for (let t = offsetSec; t < durationSec; t += period) {
    const start = Math.round(t * sampleRate);
    for (let i = 0; i < clickLen && start + i < out.length; i++) {
      out[start + i] = 0.8 * Math.exp(-i / (0.003 * sampleRate)) * Math.sin((2 * Math.PI * 2000 * i) / sampleRate);
    }
  }
  return out;
}

/** Deterministic PRNG (mulberry32), so noise-based tests are repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function whiteNoise(
  durationSec: number,
  seed: number,
  sampleRate = ANALYSIS_SAMPLE_RATE,
  amplitude = 0.1,
): Float32Array {
  const rnd = seededRandom(seed);
  const out = new Float32Array(Math.round(durationSec * sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * (2 * rnd() - 1);
  return out;
}

/** Sum signals sample by sample (length of the longest). */
export function mix(...signals: Float32Array[]): Float32Array {
  const out = new Float32Array(Math.max(...signals.map((s) => s.length)));
  for (const s of signals) for (let i = 0; i < s.length; i++) out[i] = out[i]! + s[i]!;
  return out;
}

/** Encode mono samples as a 16-bit PCM WAV file. */
export function encodeWav(samples: Float32Array, sampleRate = ANALYSIS_SAMPLE_RATE): Buffer {
  const dataBytes = samples.length * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVEfmt ', 8, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) {
    buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), 44 + i * 2);
  }
  return buf;
}
