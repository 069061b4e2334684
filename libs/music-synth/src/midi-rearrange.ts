/**
 * A standard MIDI file played another way, as a cover band would: every pitched part on another instrument,
 * transposed, at another tempo, with or without its drums. The file's own notes, timing and arrangement stay, so
 * the evaluation can make covers of full arrangements that other people wrote (the 'arrangements' source) without
 * reading them into this lib's simpler Piece model first.
 */
import { parseMidi, writeMidi } from 'midi-file';
import type { MidiData, MidiEvent } from 'midi-file';

/** Channel 10 in MIDI's 1-based numbering. */
const PERCUSSION_CHANNEL = 9;
/** MIDI's default tempo when a file states none (120 BPM). */
const DEFAULT_TEMPO_US = 500_000;

export interface MidiRearrangement {
  /** Semitones added to every pitched note (percussion keeps its note numbers: they name drums, not pitches). */
  transpose?: number;
  /** Multiplies every tempo the file states (MIDI's default 120 BPM when it states none). */
  tempoFactor?: number;
  /** Leave the percussion channel out. */
  withoutDrums?: boolean;
  /** The GM program (0-based) a pitched channel plays instead of `program` (0 where the file sets none). */
  program?: (channel: number, program: number) => number;
}

/** The pitched channels of a MIDI file that play notes, with the first program each is set to (0 when none). */
export function midiChannelPrograms(data: Uint8Array): Map<number, number> {
  return channelPrograms(parseMidi(data));
}

/** `data` with `change` applied, as a new standard MIDI file. */
export function rearrangeMidi(data: Uint8Array, change: MidiRearrangement): Uint8Array {
  const midi = parseMidi(data);
  const programs = channelPrograms(midi);
  const tracks = midi.tracks.map((events) => rearrangeTrack(events, change));
  if (change.program) setUnsetPrograms(midi, tracks, programs, change.program);
  if ((change.tempoFactor ?? 1) !== 1 && !statesTempo(midi))
    tracks[0]!.unshift({
      deltaTime: 0,
      type: 'setTempo',
      microsecondsPerBeat: Math.round(DEFAULT_TEMPO_US / change.tempoFactor!),
    });
  return Uint8Array.from(writeMidi({ header: midi.header, tracks }));
}

function rearrangeTrack(events: MidiEvent[], change: MidiRearrangement): MidiEvent[] {
  const out: MidiEvent[] = [];
  // A dropped event's delta time goes to the next kept one, so every other event keeps its tick.
  let carried = 0;
  for (const event of events) {
    const changed = rearrangeEvent(event, change);
    if (changed === null) {
      carried += event.deltaTime;
      continue;
    }
    out.push({ ...changed, deltaTime: changed.deltaTime + carried });
    carried = 0;
  }
  return out;
}

/** One event played the new way, or null when it is left out. */
function rearrangeEvent(event: MidiEvent, change: MidiRearrangement): MidiEvent | null {
  const drum = 'channel' in event && event.channel === PERCUSSION_CHANNEL;
  if (drum) return change.withoutDrums && isNoteEvent(event) ? null : event;
  switch (event.type) {
    case 'noteOn':
    case 'noteOff':
    case 'noteAftertouch':
      return { ...event, noteNumber: clampNote(event.noteNumber + (change.transpose ?? 0)) };
    case 'programChange':
      return change.program ? { ...event, programNumber: change.program(event.channel, event.programNumber) } : event;
    case 'setTempo':
      return { ...event, microsecondsPerBeat: Math.round(event.microsecondsPerBeat / (change.tempoFactor ?? 1)) };
    default:
      return event;
  }
}

function isNoteEvent(event: MidiEvent): boolean {
  return event.type === 'noteOn' || event.type === 'noteOff' || event.type === 'noteAftertouch';
}

/** A note moved below 0 or above 127 comes back by octaves, so a transposed part keeps every note. */
function clampNote(note: number): number {
  let n = note;
  while (n < 0) n += 12;
  while (n > 127) n -= 12;
  return n;
}

function channelPrograms(midi: MidiData): Map<number, number> {
  const programs = new Map<number, number>();
  const playing = new Set<number>();
  for (const events of midi.tracks)
    for (const event of events) {
      if (!('channel' in event) || event.channel === PERCUSSION_CHANNEL) continue;
      if (event.type === 'programChange' && !programs.has(event.channel))
        programs.set(event.channel, event.programNumber);
      if (event.type === 'noteOn' && event.velocity > 0) playing.add(event.channel);
    }
  return new Map([...playing].sort((a, b) => a - b).map((c) => [c, programs.get(c) ?? 0]));
}

/**
 * A channel that plays notes without a program change plays GM program 0 (piano); the rearrangement gives it its
 * new program at the start of the first track that plays it.
 */
function setUnsetPrograms(
  midi: MidiData,
  tracks: MidiEvent[][],
  programs: Map<number, number>,
  program: (channel: number, program: number) => number,
): void {
  const withChange = new Set<number>();
  for (const events of midi.tracks) for (const e of events) if (e.type === 'programChange') withChange.add(e.channel);
  for (const channel of programs.keys()) {
    if (withChange.has(channel)) continue;
    const at = midi.tracks.findIndex((events) => events.some((e) => 'channel' in e && e.channel === channel));
    tracks[at]!.unshift({ deltaTime: 0, type: 'programChange', channel, programNumber: program(channel, 0) });
  }
}

function statesTempo(midi: MidiData): boolean {
  return midi.tracks.some((events) => events.some((e) => e.type === 'setTempo'));
}
