import { parseMidi } from 'midi-file';
import { pieceFromMidi } from './midi';
import type { Piece } from './piece';
import { GM_PROGRAM, pieceToMidi } from './soundfont';

const piece: Piece = {
  title: 't',
  bpm: 100,
  key: { tonic: 0, mode: 'major' },
  bars: 1,
  style: 'folk',
  harmony: [],
  tracks: [
    { role: 'melody', instrument: 'piano', level: 0.9, notes: [{ start: 0, dur: 1, pitch: 72, vel: 0.8 }, { start: 1, dur: 1, pitch: 74, vel: 0.8 }] },
    { role: 'chords', instrument: 'piano', level: 0.6, notes: [{ start: 0, dur: 2, pitch: 60, vel: 0.6 }, { start: 0, dur: 2, pitch: 64, vel: 0.6 }] },
    { role: 'drums', instrument: 'drums', level: 0.5, notes: [{ start: 0, dur: 0.25, pitch: 36, vel: 0.9 }] },
  ],
}; // prettier-ignore

describe('pieceToMidi', () => {
  it('writes a MIDI file that reads back to the same notes, transposed and at the new tempo', () => {
    const midi = pieceToMidi(piece, { transpose: 2, tempoFactor: 1.2 });
    const back = pieceFromMidi(midi);
    expect(back.bpm).toBeCloseTo(120, 0);
    const melody = back.tracks.find((t) => t.role === 'melody')!;
    expect(melody.notes.map((n) => [n.start, n.dur, n.pitch])).toEqual([
      [0, 1, 74],
      [1, 1, 76],
    ]);
    // Drums are left out by the reader (channel 10) and never transposed by the writer.
    const drums = parseMidi(midi)
      .tracks.flat()
      .filter((e) => e.type === 'noteOn' && e.channel === 9);
    expect(drums.map((e) => (e.type === 'noteOn' ? e.noteNumber : -1))).toEqual([36]);
  });

  it('sets each part’s General MIDI program and can leave the drums out', () => {
    const midi = parseMidi(
      pieceToMidi(piece, { programs: { melody: 'flute', chords: 'strings' }, withoutDrums: true }),
    );
    const programs = midi.tracks
      .flat()
      .flatMap((e) => (e.type === 'programChange' ? [[e.channel, e.programNumber]] : []));
    expect(programs).toEqual([
      [0, GM_PROGRAM.flute],
      [1, GM_PROGRAM.strings],
    ]);
    expect(midi.tracks.flat().some((e) => e.type === 'noteOn' && e.channel === 9)).toBe(false);
  });
});
