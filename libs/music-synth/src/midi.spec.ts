import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeMidi } from 'midi-file';
import type { MidiData } from 'midi-file';
import { MIDI_DIR, midiTempoAndKey, pieceFromMidi, publicDomainPiece, publicDomainScores } from './midi';
import { renderPiece } from './render';

/** A two-staff score: right hand C5–E5–G5 quarters, left hand a held C3; 100 BPM; D major signature. */
function twoStaffScore(): Uint8Array {
  const data: MidiData = {
    header: { format: 1, numTracks: 3, ticksPerBeat: 480 },
    tracks: [
      [
        { deltaTime: 0, meta: true, type: 'setTempo', microsecondsPerBeat: 600_000 },
        { deltaTime: 0, meta: true, type: 'keySignature', key: 2, scale: 0 },
        { deltaTime: 0, meta: true, type: 'endOfTrack' },
      ],
      [
        ...[72, 76, 79].flatMap((noteNumber) => [
          { deltaTime: 0, channel: 0, type: 'noteOn' as const, noteNumber, velocity: 100 },
          { deltaTime: 480, channel: 0, type: 'noteOff' as const, noteNumber, velocity: 0 },
        ]),
        { deltaTime: 0, meta: true, type: 'endOfTrack' },
      ],
      [
        { deltaTime: 0, channel: 1, type: 'noteOn', noteNumber: 48, velocity: 64 },
        // A note-on with velocity 0 is a note-off, as many files write it.
        { deltaTime: 1440, channel: 1, type: 'noteOn', noteNumber: 48, velocity: 0 },
        { deltaTime: 0, channel: 9, type: 'noteOn', noteNumber: 36, velocity: 90 },
        { deltaTime: 240, channel: 9, type: 'noteOff', noteNumber: 36, velocity: 0 },
        { deltaTime: 0, meta: true, type: 'endOfTrack' },
      ],
    ],
  };
  return Uint8Array.from(writeMidi(data));
}

describe('MIDI scores', () => {
  it('reads tempo, key, notes in beats, and the upper staff as the melody', () => {
    const piece = pieceFromMidi(twoStaffScore(), { title: 'Test', lead: 'organ' });
    expect(piece.bpm).toBe(100);
    expect(piece.key).toEqual({ tonic: 2, mode: 'major' });
    const [melody, chords] = piece.tracks;
    expect(melody).toMatchObject({ role: 'melody', instrument: 'organ' });
    expect(melody.notes.map((n) => [n.start, n.dur, n.pitch])).toEqual([
      [0, 1, 72],
      [1, 1, 76],
      [2, 1, 79],
    ]);
    expect(chords.role).toBe('chords');
    expect(chords.notes.map((n) => [n.start, n.dur, n.pitch])).toEqual([[0, 3, 48]]); // percussion left out
    expect(piece.bars).toBe(1);
  });

  it('refuses a file without notes', () => {
    const empty: MidiData = {
      header: { format: 0, numTracks: 1, ticksPerBeat: 96 },
      tracks: [[{ deltaTime: 0, meta: true, type: 'endOfTrack' }]],
    };
    expect(() => pieceFromMidi(Uint8Array.from(writeMidi(empty)))).toThrow(/no notes/);
  });

  it('bundles each public-domain score unchanged from its source (SHA-256 as recorded)', () => {
    const scores = publicDomainScores();
    expect(scores.length).toBeGreaterThanOrEqual(10);
    for (const score of scores) {
      const sha = createHash('sha256')
        .update(readFileSync(join(MIDI_DIR, score.file)))
        .digest('hex');
      expect({ file: score.file, sha }).toEqual({ file: score.file, sha: score.sha256 });
      expect(score.licence).toMatch(/Public domain/);
    }
  });

  it("states each score's key in the key signature its file opens with", () => {
    // The major key whose scale a key's notes are: a minor key's relative major (the same signature).
    const signature = ({ tonic, mode }: { tonic: number; mode: string }) => (mode === 'major' ? tonic : tonic + 3) % 12;
    const LETTERS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
    const stated = (name: string) => {
      const [note, mode] = name.split(' ') as [string, string];
      const accidental = note.endsWith('#') ? 1 : note.endsWith('b') ? -1 : 0;
      return { tonic: (LETTERS[note[0]!]! + accidental + 12) % 12, mode };
    };
    for (const score of publicDomainScores()) {
      const opening = publicDomainPiece(score).key;
      expect({ file: score.file, signature: signature(stated(score.key)) }).toEqual({
        file: score.file,
        signature: signature(opening),
      });
    }
  });

  it('plays a bundled score: The Entertainer in C major, melody above the accompaniment', () => {
    const entertainer = publicDomainScores().find((s) => s.file === 'the-entertainer.mid')!;
    const piece = publicDomainPiece(entertainer);
    expect(piece.key).toEqual({ tonic: 0, mode: 'major' });
    const mean = (i: number) => piece.tracks[i].notes.reduce((s, n) => s + n.pitch, 0) / piece.tracks[i].notes.length;
    expect(mean(0)).toBeGreaterThan(mean(1));
    const samples = renderPiece(piece, { seconds: 3 });
    expect(samples.every(Number.isFinite)).toBe(true);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(0.1);
  });
});

/** A one-track MIDI file holding the given meta events and one note. */
function midiWith(meta: object[]): Uint8Array {
  const events = [
    ...meta.map((e) => ({ deltaTime: 0, meta: true, ...e })),
    { deltaTime: 0, type: 'noteOn', channel: 0, noteNumber: 60, velocity: 90 },
    { deltaTime: 480, type: 'noteOff', channel: 0, noteNumber: 60, velocity: 0 },
    { deltaTime: 0, meta: true, type: 'endOfTrack' },
  ];
  return Uint8Array.from(
    writeMidi({ header: { format: 0, numTracks: 1, ticksPerBeat: 480 }, tracks: [events] } as never),
  );
}

describe('the tempo and key a MIDI file states', () => {
  it('are its first tempo and key signature', () => {
    const data = midiWith([
      { type: 'setTempo', microsecondsPerBeat: 352_941 },
      { type: 'keySignature', key: -3, scale: 1 },
      { type: 'setTempo', microsecondsPerBeat: 500_000 },
    ]);
    expect(midiTempoAndKey(data)).toEqual({ bpm: 170, key: { tonic: 0, mode: 'minor' } });
  });

  it("are MIDI's default 120 BPM and no key when the file states neither", () => {
    expect(midiTempoAndKey(midiWith([]))).toEqual({ bpm: 120 });
  });
});
