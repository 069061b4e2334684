/**
 * Public-domain MIDI scores as pieces the renderer plays: real compositions beside the composer's own, so the
 * demo catalogue and spot checks are not made by one generator alone. The files live in `libs/music-synth/midi/`
 * with their provenance in `pieces.json` (see README there).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMidi } from 'midi-file';
import type { MidiData, MidiEvent } from 'midi-file';
import { BEATS_PER_BAR } from './piece';
import type { Instrument, Mode, Note, Piece, Track } from './piece';

/** One entry of midi/pieces.json. */
export interface PublicDomainScore {
  file: string;
  title: string;
  composer: string;
  /** Year of first publication. */
  published: number;
  /**
   * The key the score opens in, e.g. "Ab major", in the key signature its file opens with (midi.spec.ts checks it).
   * The package the files came from named other keys for four of them (a later strain's or the trio's).
   */
  key: string;
  sourceUrl: string;
  termsUrl: string;
  typesetter: string;
  licence: string;
  sha256: string;
}

export const MIDI_DIR = join(__dirname, '..', 'midi');

/** The bundled public-domain scores with their provenance. */
export function publicDomainScores(): PublicDomainScore[] {
  return JSON.parse(readFileSync(join(MIDI_DIR, 'pieces.json'), 'utf8')) as PublicDomainScore[];
}

export interface MidiPieceOptions {
  title?: string;
  /** Instrument of the upper part (default piano). */
  lead?: Instrument;
  /** Instrument of the other parts (default piano). */
  accompaniment?: Instrument;
}

interface TimedNote extends Note {
  channelTrack: number;
}

/** Microseconds per quarter note when a file states no tempo (MIDI's default, 120 BPM). */
const DEFAULT_TEMPO_US = 500_000;

/**
 * Reads a standard MIDI file into a Piece. Times are in beats (quarter notes), at the file's first tempo: the
 * renderer plays one tempo, so later tempo changes (rubato, ritardando) are not reproduced. The MIDI track with
 * the highest mean pitch becomes the melody (in scores typeset per staff, the right hand); every other pitched
 * track becomes the chords part. Percussion (channel 10) is left out.
 */
export function pieceFromMidi(data: Uint8Array, opts: MidiPieceOptions = {}): Piece {
  const midi = parseMidi(data);
  const ticksPerBeat = midi.header.ticksPerBeat;
  if (!ticksPerBeat) throw new Error('SMPTE-timed MIDI files are not supported');
  const notes = midi.tracks.flatMap((events, trackNo) => readTrack(events, trackNo, ticksPerBeat));
  const { bpm, key } = statedTempoAndKey(midi);
  if (notes.length === 0) throw new Error('the MIDI file holds no notes');
  const tracks = splitParts(notes, opts);
  const lastBeat = Math.max(...notes.map((n) => n.start + n.dur));
  return {
    title: opts.title ?? 'MIDI score',
    bpm,
    key: key ?? { tonic: 0, mode: 'major' },
    bars: Math.ceil(lastBeat / BEATS_PER_BAR),
    style: 'jazz',
    harmony: [],
    tracks,
  };
}

/**
 * The tempo a MIDI file states first (BPM to 0.1; MIDI's default 120 when it states none) and its first key
 * signature, if it has one.
 */
export function midiTempoAndKey(data: Uint8Array): { bpm: number; key?: Piece['key'] } {
  return statedTempoAndKey(parseMidi(data));
}

function statedTempoAndKey(midi: MidiData): { bpm: number; key?: Piece['key'] } {
  let tempoUs: number | undefined;
  let key: Piece['key'] | undefined;
  for (const events of midi.tracks)
    for (const event of events) {
      if (event.type === 'setTempo') tempoUs ??= event.microsecondsPerBeat;
      else if (event.type === 'keySignature') key ??= keyFromSignature(event.key, event.scale);
    }
  return { bpm: Math.round((60_000_000 / (tempoUs ?? DEFAULT_TEMPO_US)) * 10) / 10, ...(key && { key }) };
}

/** Reads a bundled score by its file name. */
export function publicDomainPiece(score: PublicDomainScore, opts: MidiPieceOptions = {}): Piece {
  return pieceFromMidi(readFileSync(join(MIDI_DIR, score.file)), { title: score.title, ...opts });
}

/** The pitched notes of one MIDI track, timed in beats. */
function readTrack(events: MidiEvent[], trackNo: number, ticksPerBeat: number): TimedNote[] {
  const notes: TimedNote[] = [];
  const sounding = new Map<number, { tick: number; velocity: number }>();
  let tick = 0;
  const end = (channel: number, pitch: number) => {
    const id = channel * 128 + pitch;
    const on = sounding.get(id);
    if (!on) return;
    sounding.delete(id);
    if (tick > on.tick)
      notes.push({
        start: on.tick / ticksPerBeat,
        dur: (tick - on.tick) / ticksPerBeat,
        pitch,
        vel: on.velocity / 127,
        channelTrack: trackNo,
      });
  };
  for (const event of events) {
    tick += event.deltaTime;
    if (event.type === 'noteOn' && event.channel !== PERCUSSION_CHANNEL) {
      end(event.channel, event.noteNumber); // a repeated note-on ends the sounding one
      if (event.velocity > 0) sounding.set(event.channel * 128 + event.noteNumber, { tick, velocity: event.velocity });
    } else if (event.type === 'noteOff') end(event.channel, event.noteNumber);
  }
  return notes;
}

/** Channel 10 in MIDI's 1-based numbering. */
const PERCUSSION_CHANNEL = 9;

/** Key signature (sharps > 0, flats < 0; scale 1 = minor) to tonic pitch class and mode. */
function keyFromSignature(sharps: number, scale: number): Piece['key'] {
  const mode: Mode = scale === 1 ? 'minor' : 'major';
  const majorTonic = (((sharps * 7) % 12) + 12) % 12;
  return { tonic: mode === 'major' ? majorTonic : (majorTonic + 9) % 12, mode };
}

function splitParts(notes: TimedNote[], opts: MidiPieceOptions): Track[] {
  const byTrack = new Map<number, Note[]>();
  for (const { channelTrack, ...note } of notes) {
    const list = byTrack.get(channelTrack) ?? [];
    list.push(note);
    byTrack.set(channelTrack, list);
  }
  const meanPitch = (list: Note[]) => list.reduce((s, n) => s + n.pitch, 0) / list.length;
  const ordered = [...byTrack.values()].sort((a, b) => meanPitch(b) - meanPitch(a));
  const byStart = (a: Note, b: Note) => a.start - b.start || a.pitch - b.pitch;
  const melody: Track = {
    role: 'melody',
    instrument: opts.lead ?? 'piano',
    level: 0.9,
    notes: ordered[0].sort(byStart),
  };
  if (ordered.length === 1) return [melody];
  const rest = ordered.slice(1).flat().sort(byStart);
  return [melody, { role: 'chords', instrument: opts.accompaniment ?? 'piano', level: 0.6, notes: rest }];
}
