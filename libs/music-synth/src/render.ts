/**
 * Renders a Piece to mono PCM. Tempo, transposition and instruments are render-time parameters, so a
 * "cover" is the same notes played at another tempo, in another key, with other instruments.
 */
import type { Instrument, Piece, Track, TrackRole } from './piece';
import { pieceSeconds } from './piece';
import { DEFAULT_SAMPLE_RATE } from './dsp';
import { DrumKit } from './drums';
import { InstrumentContext, TONAL_INSTRUMENTS } from './instruments';
import { createRng } from './prng';
import { midiToHz } from './theory';

export interface RenderOptions {
  sampleRate?: number;
  /** Multiplies the piece's tempo (1.1 = 10 % faster). */
  tempoFactor?: number;
  /** Semitones added to every pitched note. */
  transpose?: number;
  /** Replace the instrument of a role. */
  instruments?: Partial<Record<Exclude<TrackRole, 'drums'>, Exclude<Instrument, 'drums'>>>;
  /** Replace the mix level of a role (0 mutes it). */
  levels?: Partial<Record<TrackRole, number>>;
  /** Vibrato depth in semitones for the melody (the 'voice' timbre always has some). */
  melodyVibrato?: number;
  /** Seeds the noise of drums and plucks, so two renders can differ in detail. */
  seed?: number;
  /** Output length in seconds; default the piece plus a short tail for releases. */
  seconds?: number;
  /** Peak level of the normalised mix (default 0.9). */
  peak?: number;
}

const TAIL_SEC = 0.5;

export function renderPiece(piece: Piece, options: RenderOptions = {}): Float32Array {
  const sampleRate = options.sampleRate ?? DEFAULT_SAMPLE_RATE;
  const tempoFactor = options.tempoFactor ?? 1;
  if (!(tempoFactor > 0)) throw new Error('tempoFactor must be positive');
  const seconds = options.seconds ?? pieceSeconds(piece, tempoFactor) + TAIL_SEC;
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const secondsPerBeat = 60 / (piece.bpm * tempoFactor);
  const noise = createRng(options.seed ?? 1);
  const ctx = new InstrumentContext(sampleRate, noise);
  const kit = new DrumKit(sampleRate, noise.fork('drums'));
  for (const track of piece.tracks) {
    const level = options.levels?.[track.role] ?? track.level;
    if (level <= 0) continue;
    const at = (beat: number) => Math.round(beat * secondsPerBeat * sampleRate);
    if (track.role === 'drums') renderDrums(out, track, level, at, kit);
    else renderTonal(out, track, level, at, ctx, options);
  }
  return normalise(out, options.peak ?? 0.9);
}

function renderTonal(
  out: Float32Array,
  track: Track,
  level: number,
  at: (beat: number) => number,
  ctx: InstrumentContext,
  options: RenderOptions,
): void {
  const role = track.role as Exclude<TrackRole, 'drums'>;
  const instrument = options.instruments?.[role] ?? (track.instrument === 'drums' ? 'piano' : track.instrument);
  const play = TONAL_INSTRUMENTS[instrument];
  const vibrato = role === 'melody' ? (options.melodyVibrato ?? 0) : 0;
  const transpose = options.transpose ?? 0;
  // Chords stack several voices: scale them so the part sits at its level rather than per-note.
  const gain = role === 'chords' ? level * 0.45 : level;
  for (const note of track.notes) {
    const start = at(note.start);
    if (start >= out.length) continue;
    const held = Math.max(1, at(note.start + note.dur) - start);
    play(out, { start, held, frequency: midiToHz(note.pitch + transpose), gain: gain * note.vel, vibrato }, ctx);
  }
}

function renderDrums(out: Float32Array, track: Track, level: number, at: (beat: number) => number, kit: DrumKit): void {
  for (const note of track.notes) {
    const sound = kit.sound(note.pitch);
    const start = at(note.start);
    if (!sound || start >= out.length) continue;
    const gain = level * note.vel;
    const end = Math.min(sound.length, out.length - start);
    for (let i = 0; i < end; i++) out[start + i] += gain * sound[i];
  }
}

function normalise(samples: Float32Array, peak: number): Float32Array {
  let max = 0;
  for (let i = 0; i < samples.length; i++) max = Math.max(max, Math.abs(samples[i]));
  if (max > 0) {
    const scale = peak / max;
    for (let i = 0; i < samples.length; i++) samples[i] *= scale;
  }
  return samples;
}

/** A copy of `seconds` of audio from `startSec` (clamped to the signal). */
export function excerpt(samples: Float32Array, sampleRate: number, startSec: number, seconds: number): Float32Array {
  const from = Math.max(0, Math.min(samples.length, Math.round(startSec * sampleRate)));
  return samples.slice(from, Math.min(samples.length, from + Math.round(seconds * sampleRate)));
}
