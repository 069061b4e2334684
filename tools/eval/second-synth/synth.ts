/**
 * A second, independent music maker, so the engine is not only measured on libs/music-synth: plain additive
 * synthesis (sine/square/saw leads with vibrato, triangle pads, noise hats, sine kicks), its own random melodies
 * and progressions and its own random generator, written without any code of the main generator.
 */
export const SECOND_SYNTH_RATE = 22050;
const SCALE = [0, 2, 4, 5, 7, 9, 11];
const BEATS = 64;

export interface SecondSynthNote {
  beat: number;
  dur: number;
  midi?: number;
  rest?: boolean;
}

/** A song: key (pitch class, major), tempo, a four-chord progression (scale degrees) and a 16-bar melody. */
export interface SecondSynthSong {
  key: number;
  bpm: number;
  prog: number[];
  melody: SecondSynthNote[];
}

/** A linear congruential generator (glibc constants), seeded from a string. */
export class Lcg {
  private state: number;
  constructor(seed: string) {
    let h = 7;
    for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) % 2147483648;
    this.state = h;
  }
  next(): number {
    this.state = (this.state * 1103515245 + 12345) % 2147483648;
    return this.state / 2147483648;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

export function makeSong(rnd: Lcg): SecondSynthSong {
  const key = Math.floor(rnd.next() * 12);
  const bpm = 80 + Math.floor(rnd.next() * 70);
  const prog = Array.from({ length: 4 }, () => rnd.pick([0, 3, 4, 5, 1]));
  const melody: SecondSynthNote[] = [];
  let degree = 7;
  for (let bar = 0; bar < 16; bar++) {
    let t = 0;
    while (t < 4) {
      const dur = Math.min(rnd.pick([0.5, 0.5, 1, 1, 1.5, 2]), 4 - t);
      degree = Math.max(0, Math.min(14, degree + rnd.pick([-2, -1, -1, 0, 1, 1, 2, 3, -3])));
      if (rnd.next() < 0.12) melody.push({ beat: bar * 4 + t, dur, rest: true });
      else melody.push({ beat: bar * 4 + t, dur, midi: 60 + key + Math.floor(degree / 7) * 12 + SCALE[degree % 7] });
      t += dur;
    }
  }
  return { key, bpm, prog, melody };
}

export type Lead = 'sine' | 'square' | 'saw';

export interface SecondSynthRender {
  transpose?: number;
  tempo?: number;
  lead?: Lead;
  pad?: boolean;
  drums?: boolean;
  progOverride?: number[];
  melodyOverride?: SecondSynthNote[];
}

const HARMONICS: Record<Lead, number[]> = {
  sine: [1, 0.3, 0.1],
  square: [1, 0, 0.33, 0, 0.2, 0, 0.14],
  saw: [1, 0.5, 0.33, 0.25, 0.2, 0.16],
};
const hz = (m: number) => 440 * 2 ** ((m - 69) / 12);

export function renderSong(song: SecondSynthSong, options: SecondSynthRender, rnd: Lcg): Float32Array {
  const { transpose = 0, tempo = 1, lead = 'sine', pad = true, drums = false } = options;
  const spb = 60 / (song.bpm * tempo);
  const n = Math.ceil((BEATS * spb + 1) * SECOND_SYNTH_RATE);
  const out = new Float32Array(n);
  const sr = SECOND_SYNTH_RATE;
  for (const note of options.melodyOverride ?? song.melody) {
    if (note.rest || note.midi === undefined) continue;
    const f = hz(note.midi + transpose);
    const start = Math.floor(note.beat * spb * sr);
    const len = Math.floor(note.dur * spb * sr * 0.95);
    for (let i = 0; i < len && start + i < n; i++) {
      const env = Math.min(1, i / (0.02 * sr)) * Math.min(1, (len - i) / (0.03 * sr));
      const vib = 1 + 0.004 * Math.sin((2 * Math.PI * 5.5 * i) / sr);
      let v = 0;
      HARMONICS[lead].forEach((a, h) => {
        if (a) v += a * Math.sin((2 * Math.PI * f * vib * (h + 1) * i) / sr);
      });
      out[start + i] += 0.25 * env * v;
    }
  }
  if (pad) renderPad(out, song, options.progOverride ?? song.prog, spb, transpose);
  if (drums) renderDrums(out, spb, rnd);
  let peak = 0;
  for (const x of out) peak = Math.max(peak, Math.abs(x));
  for (let i = 0; i < n; i++) out[i] = (out[i] / peak) * 0.8;
  return out;
}

function renderPad(out: Float32Array, song: SecondSynthSong, prog: number[], spb: number, transpose: number): void {
  const sr = SECOND_SYNTH_RATE;
  for (let bar = 0; bar < 16; bar++) {
    const degree = prog[bar % 4];
    const root = song.key + SCALE[degree % 7];
    const third = song.key + SCALE[(degree + 2) % 7] + (degree + 2 >= 7 ? 12 : 0);
    const fifth = song.key + SCALE[(degree + 4) % 7] + (degree + 4 >= 7 ? 12 : 0);
    const start = Math.floor(bar * 4 * spb * sr);
    const len = Math.floor(4 * spb * sr);
    for (const m of [48 + root, 48 + third, 48 + fifth, 36 + root]) {
      const f = hz(m + transpose);
      for (let i = 0; i < len && start + i < out.length; i++) {
        const env = Math.min(1, i / (0.05 * sr)) * Math.min(1, (len - i) / (0.05 * sr));
        const ph = ((f * i) / sr) % 1;
        out[start + i] += 0.06 * env * (4 * Math.abs(ph - 0.5) - 1);
      }
    }
  }
}

function renderDrums(out: Float32Array, spb: number, rnd: Lcg): void {
  const sr = SECOND_SYNTH_RATE;
  for (let b = 0; b < BEATS * 2; b++) {
    const start = Math.floor(((b * spb) / 2) * sr);
    for (let i = 0; i < 0.05 * sr && start + i < out.length; i++)
      out[start + i] += 0.08 * (rnd.next() * 2 - 1) * Math.exp(-i / (0.01 * sr));
    if (b % 2 === 0)
      for (let i = 0; i < 0.15 * sr && start + i < out.length; i++)
        out[start + i] += 0.3 * Math.sin((2 * Math.PI * 60 * i) / sr) * Math.exp(-i / (0.04 * sr));
  }
}
