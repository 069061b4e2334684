import type { DimensionComparison, MelodyNote } from '../types';
import { compareMelodyGrids, gridTranspositions, melodyGrid } from './melody-grid';
import type { GridTrack } from './melody-grid';

/** A seeded tune: `count` notes of one or half a beat on a major scale, at `bpm`, from `pitches` if given. */
function tune(count: number, seed: number): { pitch: number; beats: number }[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const scale = [60, 62, 64, 65, 67, 69, 71, 72];
  return Array.from({ length: count }, () => ({
    pitch: scale[Math.floor(next() * 8)]!,
    beats: next() < 0.5 ? 1 : 0.5,
  }));
}

/** The tune played at `bpm`, `shift` semitones up, with its beat grid (and `extraBeats` of silence before). */
function played(notes: { pitch: number; beats: number }[], bpm: number, shift = 0, leadBeats = 0): GridTrack {
  const beat = 60 / bpm;
  const melody: MelodyNote[] = [];
  let at = leadBeats;
  for (const n of notes) {
    melody.push({ start: at * beat, duration: n.beats * beat * 0.9, pitch: n.pitch + shift });
    at += n.beats;
  }
  const beats = Float32Array.from({ length: Math.ceil(at) + 2 }, (_, i) => i * beat);
  return { melody, beats, key: { tonic: (shift + 12) % 12 } };
}

describe('melodyGrid', () => {
  it('samples the sounding pitch class twice a beat, and nothing where no note sounds', () => {
    const notes: MelodyNote[] = [
      { start: 0, duration: 0.9, pitch: 62 },
      { start: 1.5, duration: 0.4, pitch: 71 },
    ];
    const grid = melodyGrid(notes, Float32Array.from([0, 1, 2, 3]));
    expect(Array.from(grid.pitchClass)).toEqual([2, 2, 255, 11, 255, 255]);
    expect(Array.from(grid.times)).toEqual([0.25, 0.75, 1.25, 1.75, 2.25, 2.75]);
    expect(grid.sounding).toBe(3);
  });
});

describe('compareMelodyGrids', () => {
  const source = tune(80, 7);

  it('finds a tune played 3 semitones up and 10 % faster, at that transform, far above an unrelated tune', () => {
    const ref = played(source, 100);
    const cover = played(source.slice(20, 60), 110, 3);
    const copy = compareMelodyGrids(cover, ref, [3, 0])!;
    expect(copy.transform.transpositionSemitones).toBe(3);
    expect(copy.transform.tempoRatio).toBeCloseTo(1.1, 1);
    const other = compareMelodyGrids(played(tune(40, 99), 110, 3), ref, [3, 0])!;
    expect(copy.evidence.score).toBeGreaterThan(40);
    expect(other.evidence.score).toBeLessThan(copy.evidence.score / 4);
    // The matched stretch: the cover's start, and the reference 20 notes in.
    const [segment] = copy.segments;
    expect(segment!.query.start).toBeLessThan(1);
    const twentyNotesIn = source.slice(0, 20).reduce((sum, n) => sum + n.beats, 0) * 0.6;
    expect(Math.abs(segment!.reference.start - twentyNotesIn)).toBeLessThan(1);
  });

  it('only reads the transpositions it is given', () => {
    const ref = played(source, 100);
    const cover = played(source.slice(20, 60), 100, 3);
    expect(compareMelodyGrids(cover, ref, [5])!.evidence.score).toBeLessThan(
      compareMelodyGrids(cover, ref, [3])!.evidence.score / 4,
    );
  });

  it('finds the tune where one beat tracker counted half the other’s beat', () => {
    const ref = played(source, 100);
    const cover = played(source.slice(10, 50), 100);
    const halfBeats = { ...cover, beats: cover.beats.filter((_, i) => i % 2 === 0) };
    expect(compareMelodyGrids(halfBeats, ref, [0])!.evidence.score).toBeGreaterThan(30);
  });

  it('gives a drone no evidence: the reference read backwards agrees as well', () => {
    const drone = (bpm: number) =>
      played(
        Array.from({ length: 40 }, () => ({ pitch: 67, beats: 1 })),
        bpm,
      );
    expect(compareMelodyGrids(drone(100), drone(104), [0])!.evidence.score).toBe(0);
  });

  it('has nothing to read without a melody', () => {
    const silent: GridTrack = { melody: [], beats: Float32Array.from([0, 1, 2]), key: { tonic: 0 } };
    expect(compareMelodyGrids(silent, played(source, 100), [0])).toBeUndefined();
  });
});

describe('gridTranspositions', () => {
  const at = (semitones: number): DimensionComparison => ({
    dimension: 'melody',
    similarity: 0,
    segments: [],
    transform: { transpositionSemitones: semitones, tempoRatio: 1 },
  });

  it('takes each alignment’s transposition and the keys’ difference as pitch classes, once each', () => {
    expect(gridTranspositions([at(-3), at(9), at(2)], [4, 7]).sort((a, b) => a - b)).toEqual([2, 9]);
    expect(gridTranspositions([at(0)], [2, 0]).sort((a, b) => a - b)).toEqual([0, 2]);
  });
});
