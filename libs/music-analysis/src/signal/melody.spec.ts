import { extractMelody } from './melody';
import { compareMelodies } from '../matching/compare-melody';
import { stft } from './stft';
import { I_V_vi_IV, aKey, aMelody, aProgression, renderSong, transformMelody } from '../../testing/match-fixtures';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import type { MelodyNote } from '../types';
import { composePiece, renderPiece } from '@originality/music-synth';

function melodyOfAudio(notes: MelodyNote[], withChords: boolean, seconds: number): MelodyNote[] {
  const chords = withChords ? aProgression(aKey(0), I_V_vi_IV, Math.ceil(seconds / 2), 120) : [];
  return extractMelody(stft(renderSong(notes, chords, seconds).samples, ANALYSIS_SAMPLE_RATE));
}

describe('extractMelody', () => {
  const notes = aMelody(1, 40, { bpm: 120 });

  it('recovers the notes of a solo line, repeated notes included', () => {
    const got = melodyOfAudio(notes, false, 20);
    expect(got.length).toBe(notes.length);
    got.forEach((n, i) => {
      expect(n.pitch).toBe(notes[i].pitch);
      expect(Math.abs(n.start - notes[i].start)).toBeLessThan(1.5 * (512 / ANALYSIS_SAMPLE_RATE)); // 1.5 STFT hops
    });
  });

  it('follows the melody over accompanying chords', () => {
    const got = melodyOfAudio(notes, true, 20);
    expect(compareMelodies(got, notes).similarity).toBeGreaterThanOrEqual(90);
  });

  it.each([2, 5])('follows a plucked lead over sustained pad chords (piece %i)', (seed) => {
    // The pluck decays within ≈ 0.2 s while the pad sustains: without the salience hold the path left the
    // lead for the pad and these pieces scored 3 and 17 against their written melody (53 and 65 with it).
    const piece = composePiece(`pluck-test:${seed}`, { style: 'pop', bars: 8 });
    const samples = renderPiece(piece, {
      sampleRate: ANALYSIS_SAMPLE_RATE,
      seed: 1,
      instruments: { melody: 'pluck', chords: 'pad' },
    });
    const lead = piece.tracks.find((t) => t.role === 'melody')!;
    const written = lead.notes.map((n) => ({
      start: (n.start * 60) / piece.bpm,
      duration: (n.dur * 60) / piece.bpm,
      pitch: n.pitch,
    }));
    const got = extractMelody(stft(samples, ANALYSIS_SAMPLE_RATE));
    expect(compareMelodies(got, written).similarity).toBeGreaterThanOrEqual(40);
  });

  it('recovers the same notes on a grid wider than 256 pitch states', () => {
    const spec = stft(renderSong(notes, [], 20).samples, ANALYSIS_SAMPLE_RATE);
    const wide = extractMelody(spec, { minMidi: 28, maxMidi: 96 }); // 341 states: two-byte back-pointers
    expect(wide.map((n) => n.pitch)).toEqual(notes.map((n) => n.pitch));
  });

  it('finds no melody in silence', () => {
    expect(extractMelody(stft(new Float32Array(ANALYSIS_SAMPLE_RATE * 2), ANALYSIS_SAMPLE_RATE))).toEqual([]);
  });

  it('aligns rendered audio of a melody transposed +3 and slowed 10 % with the original', () => {
    const original = melodyOfAudio(notes, true, 20);
    const cover = melodyOfAudio(transformMelody(notes, 3, 0.9), true, 23);
    const m = compareMelodies(cover, original);
    expect(m.similarity).toBeGreaterThanOrEqual(80);
    expect(m.transform.transpositionSemitones).toBe(3);
    expect(m.transform.tempoRatio).toBeCloseTo(0.9, 1);
  });
});
