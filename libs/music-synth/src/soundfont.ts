/**
 * General MIDI renders: a Piece written as a standard MIDI file and played by fluidsynth through a GM soundfont
 * (Debian's `fluidsynth` and `fluid-soundfont-gm`). The sampled instruments sound nothing like this lib's own
 * synthesiser, which is the point: the evaluation uses them to check the engine on timbres it was not tuned on.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeMidi } from 'midi-file';
import type { MidiData, MidiEvent } from 'midi-file';
import type { Piece, TrackRole } from './piece';

/** The soundfont fluidsynth plays; ORIGINALITY_SOUNDFONT overrides Debian's FluidR3 GM. */
export function soundfontPath(): string {
  return process.env.ORIGINALITY_SOUNDFONT || '/usr/share/sounds/sf2/FluidR3_GM.sf2';
}

/** Why GM renders cannot be made on this machine, or null when fluidsynth and the soundfont are there. */
export function soundfontUnavailable(): string | null {
  const probe = spawnSync('fluidsynth', ['--version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) return 'fluidsynth is not installed (Debian: apt-get install fluidsynth)';
  if (!existsSync(soundfontPath()))
    return `no soundfont at ${soundfontPath()} (Debian: apt-get install fluid-soundfont-gm, or set ORIGINALITY_SOUNDFONT)`;
  return null;
}

/** General MIDI program numbers (0-based) of the instruments the evaluation uses. */
export const GM_PROGRAM = {
  piano: 0,
  electricPiano: 4,
  harpsichord: 6,
  vibraphone: 11,
  marimba: 12,
  drawbarOrgan: 16,
  churchOrgan: 19,
  accordion: 21,
  nylonGuitar: 24,
  steelGuitar: 25,
  jazzGuitar: 26,
  overdrivenGuitar: 29,
  acousticBass: 32,
  fingerBass: 33,
  fretlessBass: 35,
  violin: 40,
  cello: 42,
  harp: 46,
  strings: 48,
  slowStrings: 49,
  choir: 52,
  voiceOohs: 53,
  trumpet: 56,
  trombone: 57,
  tuba: 58,
  brass: 61,
  altoSax: 65,
  tenorSax: 66,
  oboe: 68,
  clarinet: 71,
  flute: 73,
  panFlute: 75,
  squareLead: 80,
  warmPad: 89,
} as const;
export type GmInstrument = keyof typeof GM_PROGRAM;

export interface MidiRenderOptions {
  /** GM instrument per pitched role (default piano). */
  programs?: Partial<Record<Exclude<TrackRole, 'drums'>, GmInstrument>>;
  /** Semitones added to every pitched note. */
  transpose?: number;
  /** Multiplies the piece's tempo. */
  tempoFactor?: number;
  /** Leave the drum track out. */
  withoutDrums?: boolean;
}

const TICKS_PER_BEAT = 480;
const PERCUSSION_CHANNEL = 9;
const ROLE_CHANNEL: Record<TrackRole, number> = { melody: 0, chords: 1, bass: 2, drums: PERCUSSION_CHANNEL };

/** The piece as a type-1 standard MIDI file: one MIDI track per part, drums on channel 10. */
export function pieceToMidi(piece: Piece, options: MidiRenderOptions = {}): Uint8Array {
  const bpm = piece.bpm * (options.tempoFactor ?? 1);
  const conductor: MidiEvent[] = [
    { deltaTime: 0, type: 'setTempo', microsecondsPerBeat: Math.round(60_000_000 / bpm) },
    { deltaTime: 0, type: 'endOfTrack' },
  ];
  const parts = piece.tracks
    .filter((track) => !(track.role === 'drums' && options.withoutDrums))
    .map((track) => {
      const channel = ROLE_CHANNEL[track.role];
      const transpose = track.role === 'drums' ? 0 : (options.transpose ?? 0);
      const program = track.role === 'drums' ? null : GM_PROGRAM[options.programs?.[track.role] ?? 'piano'];
      return partEvents(track.notes, channel, transpose, track.level, program);
    });
  const data: MidiData = {
    header: { format: 1, numTracks: parts.length + 1, ticksPerBeat: TICKS_PER_BEAT },
    tracks: [conductor, ...parts],
  };
  return Uint8Array.from(writeMidi(data));
}

function partEvents(
  notes: Piece['tracks'][number]['notes'],
  channel: number,
  transpose: number,
  level: number,
  program: number | null,
): MidiEvent[] {
  // Absolute-time on/off pairs, offs before ons at the same tick so repeated notes re-strike.
  const timed: { tick: number; on: boolean; pitch: number; velocity: number }[] = [];
  for (const note of notes) {
    const pitch = note.pitch + transpose;
    if (pitch < 0 || pitch > 127) continue;
    const tick = Math.round(note.start * TICKS_PER_BEAT);
    const end = Math.max(tick + 1, Math.round((note.start + note.dur) * TICKS_PER_BEAT));
    const velocity = Math.max(1, Math.min(127, Math.round(127 * note.vel * Math.min(1, level + 0.2))));
    timed.push({ tick, on: true, pitch, velocity }, { tick: end, on: false, pitch, velocity: 0 });
  }
  timed.sort((a, b) => a.tick - b.tick || Number(a.on) - Number(b.on));
  const events: MidiEvent[] =
    program === null ? [] : [{ deltaTime: 0, type: 'programChange', channel, programNumber: program }];
  let last = 0;
  for (const e of timed) {
    const deltaTime = e.tick - last;
    last = e.tick;
    events.push(
      e.on
        ? { deltaTime, type: 'noteOn', channel, noteNumber: e.pitch, velocity: e.velocity }
        : { deltaTime, type: 'noteOff', channel, noteNumber: e.pitch, velocity: 0 },
    );
  }
  events.push({ deltaTime: 0, type: 'endOfTrack' });
  return events;
}

/** Plays a MIDI file through a GM soundfont (soundfontPath() unless named) into a (stereo, 16-bit) WAV file. */
export function renderMidiFile(
  midiPath: string,
  wavPath: string,
  sampleRate = 22050,
  soundfont = soundfontPath(),
): Promise<void> {
  const args = ['-ni', '-q', '-F', wavPath, '-r', String(sampleRate), soundfont, midiPath];
  return new Promise((resolve, reject) => {
    const child = spawn('fluidsynth', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 && existsSync(wavPath)
        ? resolve()
        : reject(new Error(`fluidsynth ${args.join(' ')} failed (${code}): ${stderr}`)),
    );
  });
}
