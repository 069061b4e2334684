import { parseMidi, writeMidi } from 'midi-file';
import type { MidiData, MidiEvent } from 'midi-file';
import { midiChannelPrograms, rearrangeMidi } from './midi-rearrange';

/**
 * A lead on channel 0 (flute, program 73), a bass on channel 1 that sets no program, and a kick on channel 10,
 * at 96 BPM: the kick sounds between the lead's notes, so dropping it must not move them.
 */
function band(withTempo = true): Uint8Array {
  const data: MidiData = {
    header: { format: 1, numTracks: 2, ticksPerBeat: 480 },
    tracks: [
      [
        ...(withTempo
          ? [{ deltaTime: 0, meta: true as const, type: 'setTempo' as const, microsecondsPerBeat: 625_000 }]
          : []),
        { deltaTime: 0, channel: 0, type: 'programChange', programNumber: 73 },
        { deltaTime: 0, channel: 0, type: 'noteOn', noteNumber: 72, velocity: 100 },
        { deltaTime: 240, channel: 9, type: 'noteOn', noteNumber: 36, velocity: 90 },
        { deltaTime: 120, channel: 9, type: 'noteOff', noteNumber: 36, velocity: 0 },
        { deltaTime: 120, channel: 0, type: 'noteOff', noteNumber: 72, velocity: 0 },
        { deltaTime: 0, channel: 0, type: 'noteOn', noteNumber: 126, velocity: 100 },
        { deltaTime: 480, channel: 0, type: 'noteOff', noteNumber: 126, velocity: 0 },
        { deltaTime: 0, meta: true, type: 'endOfTrack' },
      ],
      [
        { deltaTime: 0, channel: 1, type: 'noteOn', noteNumber: 36, velocity: 80 },
        { deltaTime: 960, channel: 1, type: 'noteOff', noteNumber: 36, velocity: 0 },
        { deltaTime: 0, meta: true, type: 'endOfTrack' },
      ],
    ],
  };
  return Uint8Array.from(writeMidi(data));
}

/** Every event with its absolute tick, per track. */
function timed(data: Uint8Array): { tick: number; event: MidiEvent }[][] {
  return parseMidi(data).tracks.map((events) => {
    let tick = 0;
    return events.map((event) => ({ tick: (tick += event.deltaTime), event }));
  });
}

const notesOf = (data: Uint8Array, channel: number) =>
  timed(data)
    .flat()
    .filter(({ event }) => event.type === 'noteOn' && event.channel === channel)
    .map(({ tick, event }) => [tick, event.type === 'noteOn' ? event.noteNumber : -1]);

describe('rearrangeMidi', () => {
  it('lists the pitched channels that play, with the program each starts on (0 when none is set)', () => {
    expect([...midiChannelPrograms(band())]).toEqual([
      [0, 73],
      [1, 0],
    ]);
  });

  it('transposes pitched notes but not the drums, folding a note beyond MIDI range back by an octave', () => {
    const out = rearrangeMidi(band(), { transpose: 3 });
    expect(notesOf(out, 0)).toEqual([
      [0, 75],
      [480, 117],
    ]);
    expect(notesOf(out, 1)).toEqual([[0, 39]]);
    expect(notesOf(out, 9)).toEqual([[240, 36]]);
  });

  it('drops the drums without moving any other event', () => {
    const out = rearrangeMidi(band(), { withoutDrums: true });
    expect(notesOf(out, 9)).toEqual([]);
    expect(notesOf(out, 0)).toEqual(notesOf(band(), 0));
    const offs = timed(out)[0]!
      .filter(({ event }) => event.type === 'noteOff')
      .map(({ tick }) => tick);
    expect(offs).toEqual([480, 960]);
  });

  it('scales the stated tempo, or states one when the file relies on the default', () => {
    const tempoOf = (data: Uint8Array) =>
      timed(data)
        .flat()
        .flatMap(({ event }) => (event.type === 'setTempo' ? [event.microsecondsPerBeat] : []));
    expect(tempoOf(rearrangeMidi(band(), { tempoFactor: 1.25 }))).toEqual([500_000]);
    expect(tempoOf(rearrangeMidi(band(false), { tempoFactor: 0.8 }))).toEqual([625_000]);
    expect(tempoOf(rearrangeMidi(band(false), {}))).toEqual([]);
  });

  it('gives every pitched channel its new program, setting one where the file set none', () => {
    const out = rearrangeMidi(band(), { program: (channel, program) => (channel === 0 ? 65 : program + 33) });
    expect([...midiChannelPrograms(out)]).toEqual([
      [0, 65],
      [1, 33],
    ]);
    // The bass's program comes before its first note.
    const bass = timed(out)[1]!.map(({ tick, event }) => [tick, event.type]);
    expect(bass.slice(0, 2)).toEqual([
      [0, 'programChange'],
      [0, 'noteOn'],
    ]);
  });
});
