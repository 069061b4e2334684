/**
 * Tonal instruments. Each writes one note into a buffer (adding), given its start sample, its held length
 * in samples, its frequency and its gain. Release tails run past the held length.
 */
import type { Instrument } from './piece';
import { BandPass, harmonicTable, onePole, readTable, sine } from './dsp';
import type { Rng } from './prng';

export interface NoteRequest {
  start: number;
  held: number;
  frequency: number;
  gain: number;
  /** Vibrato depth in semitones (0 = none). */
  vibrato: number;
}

/** Per-render state: the sample rate, a noise source and wavetables cached by timbre and pitch. */
export class InstrumentContext {
  private readonly tables = new Map<string, Float32Array>();

  constructor(
    readonly sampleRate: number,
    readonly noise: Rng,
  ) {}

  table(name: string, amplitudes: (h: number) => number, frequency: number, maxHarmonics: number): Float32Array {
    const key = `${name}:${frequency.toFixed(2)}`;
    let table = this.tables.get(key);
    if (!table) {
      table = harmonicTable(amplitudes, frequency, this.sampleRate, maxHarmonics);
      this.tables.set(key, table);
    }
    return table;
  }
}

type NoteRenderer = (out: Float32Array, note: NoteRequest, ctx: InstrumentContext) => void;

const sawAmplitudes = (h: number) => 1 / h;
const squareAmplitudes = (h: number) => (h % 2 === 1 ? 1 / h : 0);
const organAmplitudes = (h: number) => ({ 1: 1, 2: 0.8, 3: 0.55, 4: 0.4, 6: 0.25, 8: 0.18 })[h] ?? 0;

/** Piano-like: bright partials that die away faster than the fundamental, damped at key release. */
const piano: NoteRenderer = (out, note, ctx) => {
  const sr = ctx.sampleRate;
  const bright = ctx.table('piano-bright', (h) => 1 / Math.pow(h, 1.3), note.frequency, 14);
  const dull = ctx.table('piano-dull', (h) => (h <= 3 ? 1 / (h * h) : 0), note.frequency, 3);
  const decay = Math.max(0.35, 1.6 - note.frequency / 600);
  const release = Math.round(0.08 * sr);
  const length = Math.min(note.held + release, out.length - note.start);
  const inc = note.frequency / sr;
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / sr;
    const attack = Math.min(1, i / (0.004 * sr));
    const damper = i < note.held ? 1 : 1 - (i - note.held) / release;
    const env = note.gain * attack * damper * Math.exp(-t / decay);
    const b = Math.exp(-t / 0.18);
    const d = readTable(dull, phase);
    out[note.start + i] += env * (d + b * (readTable(bright, phase) - d));
    phase += inc;
  }
};

/** Organ: steady drawbar partials with short on/off ramps. */
const organ: NoteRenderer = (out, note, ctx) => {
  sustainedTable(out, note, ctx, ctx.table('organ', organAmplitudes, note.frequency, 8), 0.01, 0.05);
};

/** Subtractive saw / square: a low-pass whose cutoff opens at the attack and closes to a sustain level. */
function subtractive(amplitudes: (h: number) => number, name: string): NoteRenderer {
  return (out, note, ctx) => {
    const sr = ctx.sampleRate;
    const table = ctx.table(name, amplitudes, note.frequency, 60);
    const release = Math.round(0.06 * sr);
    const length = Math.min(note.held + release, out.length - note.start);
    let phase = 0;
    let lp1 = 0;
    let lp2 = 0;
    let a = 0;
    for (let i = 0; i < length; i++) {
      // Recompute the filter coefficient every 32 samples: exp() per sample would dominate the cost.
      if ((i & 31) === 0) a = onePole(note.frequency * (1.5 + 10 * Math.exp(-i / (0.15 * sr))), sr);
      const env = adsr(i, note.held, release, 0.005 * sr, 0.2 * sr, 0.7);
      lp1 += a * (readTable(table, phase) - lp1);
      lp2 += a * (lp1 - lp2);
      out[note.start + i] += note.gain * env * lp2;
      phase += vibratoIncrement(note, i, sr);
    }
  };
}

/** FM bell: an inharmonic modulator whose index decays, so the strike is bright and the tail pure. */
const bell: NoteRenderer = (out, note, ctx) => {
  const sr = ctx.sampleRate;
  const length = Math.min(note.held + Math.round(1.2 * sr), out.length - note.start);
  const inc = note.frequency / sr;
  const ratio = 3.5;
  let carrier = 0;
  let modulator = 0;
  for (let i = 0; i < length; i++) {
    const t = i / sr;
    const index = 3 * Math.exp(-t / 0.4);
    const env = note.gain * Math.min(1, i / (0.002 * sr)) * Math.exp(-t / 0.9);
    out[note.start + i] += env * sine(carrier + index * sine(modulator) * 0.16);
    carrier += inc;
    modulator += inc * ratio;
  }
};

/** Karplus–Strong plucked string with a fractional delay so high notes stay in tune. */
const pluck: NoteRenderer = (out, note, ctx) => {
  const sr = ctx.sampleRate;
  const period = sr / note.frequency - 0.5;
  const length = Math.min(note.held + Math.round(0.1 * sr), Math.round(2.5 * sr), out.length - note.start);
  const line = new Float32Array(length);
  const burst = Math.ceil(period) + 1;
  let smooth = 0;
  for (let i = 0; i < Math.min(burst, length); i++) {
    // A softened noise burst: the pick.
    smooth += 0.5 * (ctx.noise.next() * 2 - 1 - smooth);
    line[i] = smooth;
  }
  const decay = 0.996;
  const read = (position: number) => {
    const j = Math.floor(position);
    return line[j] + (position - j) * (line[j + 1] - line[j]);
  };
  // The two-tap average delays by half a sample, which `period` already allows for.
  for (let i = burst; i < length; i++) line[i] = decay * 0.5 * (read(i - period) + read(i - period - 1));
  const release = Math.round(0.1 * sr);
  for (let i = 0; i < length; i++) {
    const damper = i < note.held ? 1 : Math.max(0, 1 - (i - note.held) / release);
    out[note.start + i] += note.gain * 1.6 * damper * line[i];
  }
};

/** Pad: three detuned saws through a fixed low-pass, with slow swell and release. */
const pad: NoteRenderer = (out, note, ctx) => {
  const sr = ctx.sampleRate;
  const table = ctx.table('saw', sawAmplitudes, note.frequency, 60);
  const release = Math.round(0.4 * sr);
  const length = Math.min(note.held + release, out.length - note.start);
  const a = onePole(Math.min(2200, note.frequency * 6), sr);
  const incs = [0.9959, 1, 1.0041].map((d) => (note.frequency * d) / sr);
  const phases = [0, 0.33, 0.67];
  let lp = 0;
  for (let i = 0; i < length; i++) {
    const x = (readTable(table, phases[0]) + readTable(table, phases[1]) + readTable(table, phases[2])) / 3;
    lp += a * (x - lp);
    out[note.start + i] += note.gain * 1.3 * adsr(i, note.held, release, 0.3 * sr, 0.1 * sr, 1) * lp;
    phases[0] += incs[0];
    phases[1] += incs[1];
    phases[2] += incs[2];
  }
};

/** Voice-like lead: a buzzy source with vibrato through two vowel formants ("ah"). */
const voice: NoteRenderer = (out, note, ctx) => {
  const sr = ctx.sampleRate;
  const table = ctx.table('saw', sawAmplitudes, note.frequency, 60);
  const formants = [new BandPass(750, 6, sr), new BandPass(1150, 7, sr), new BandPass(2600, 8, sr)];
  const gains = [1, 0.6, 0.25];
  const release = Math.round(0.07 * sr);
  const length = Math.min(note.held + release, out.length - note.start);
  const sung = { ...note, vibrato: Math.max(note.vibrato, 0.3) };
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const x = readTable(table, phase);
    const y =
      0.25 * x +
      gains[0] * formants[0].process(x) +
      gains[1] * formants[1].process(x) +
      gains[2] * formants[2].process(x);
    out[note.start + i] += note.gain * 1.4 * adsr(i, note.held, release, 0.03 * sr, 0.1 * sr, 0.85) * y;
    phase += vibratoIncrement(sung, i, sr);
  }
};

function sustainedTable(
  out: Float32Array,
  note: NoteRequest,
  ctx: InstrumentContext,
  table: Float32Array,
  attackSec: number,
  releaseSec: number,
): void {
  const sr = ctx.sampleRate;
  const release = Math.round(releaseSec * sr);
  const length = Math.min(note.held + release, out.length - note.start);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    out[note.start + i] +=
      note.gain * 0.8 * adsr(i, note.held, release, attackSec * sr, 0.05 * sr, 0.9) * readTable(table, phase);
    phase += vibratoIncrement(note, i, sr);
  }
}

/** Vibrato at 5.5 Hz, fading in over the first 0.2 s as a singer's does. */
function vibratoIncrement(note: NoteRequest, i: number, sr: number): number {
  if (note.vibrato === 0) return note.frequency / sr;
  const t = i / sr;
  const depth = note.vibrato * Math.min(1, t / 0.2);
  return (note.frequency * Math.pow(2, (depth * sine(5.5 * t)) / 12)) / sr;
}

/** Attack–decay–sustain while held, then a linear release (all in samples). */
function adsr(i: number, held: number, release: number, attack: number, decay: number, sustain: number): number {
  let level: number;
  if (i < attack) level = i / attack;
  else if (i < attack + decay) level = 1 - (1 - sustain) * ((i - attack) / decay);
  else level = sustain;
  if (i >= held) {
    const heldLevel =
      held < attack ? held / attack : held < attack + decay ? 1 - (1 - sustain) * ((held - attack) / decay) : sustain;
    return Math.max(0, heldLevel * (1 - (i - held) / release));
  }
  return level;
}

export const TONAL_INSTRUMENTS: Record<Exclude<Instrument, 'drums'>, NoteRenderer> = {
  piano,
  organ,
  saw: subtractive(sawAmplitudes, 'saw'),
  square: subtractive(squareAmplitudes, 'square'),
  bell,
  pluck,
  pad,
  voice,
};
