import { writeMidi } from 'midi-file';
import { midiTruth, openMsxSplit } from './tempo-files';

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

describe('tempo files', () => {
  it("read a MIDI file's first tempo and key signature as its truth", () => {
    const data = midiWith([
      { type: 'setTempo', microsecondsPerBeat: 352_941 },
      { type: 'keySignature', key: -3, scale: 1 },
      { type: 'setTempo', microsecondsPerBeat: 500_000 },
    ]);
    expect(midiTruth(data)).toEqual({ bpm: 170, key: { tonic: 0, mode: 'minor' } });
  });

  it("take MIDI's default 120 BPM and no key when the file states neither", () => {
    expect(midiTruth(midiWith([]))).toEqual({ bpm: 120 });
  });

  it('hold out about a third of the openMSX songs, the same way every time', () => {
    const names = Array.from({ length: 300 }, (_, i) => `song_${i}.mid`);
    const heldOut = names.filter((n) => openMsxSplit(n) === 'held-out').length / names.length;
    expect(heldOut).toBeGreaterThan(0.25);
    expect(heldOut).toBeLessThan(0.42);
  });
});
