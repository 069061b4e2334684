import { GramIndex, contourGrams, contourSteps, melodyGrams } from './melody-index';
import { aTrack, transformMelody } from '../../testing/match-fixtures';

describe('melody n-grams', () => {
  const melody = aTrack({ seed: 7 }).melody;

  it('gives the same interval and contour n-grams in another key and at another tempo', () => {
    const moved = transformMelody(melody, -5, 1.3, 2);
    expect(melodyGrams(moved)).toEqual(melodyGrams(melody));
    expect(contourGrams(moved)).toEqual(contourGrams(melody));
  });

  it('reads a contour step as direction and rhythm class', () => {
    const notes = [0, 0.5, 1, 2, 2.25].map((start, i) => ({ start, duration: 0.2, pitch: [60, 62, 62, 59, 71][i] }));
    // 3 directions × 5 rhythm classes (−1 … +1 octave in half octaves): down = 0, repeat = 1, up = 2.
    expect(contourSteps(notes)).toEqual([2 * 5 + 2, 1 * 5 + 4, 0 * 5 + 0, 2 * 5 + 1]);
  });
});

describe('GramIndex', () => {
  it('ranks tracks by the idf-weighted cosine of their n-gram counts and forgets removed tracks', () => {
    const index = new GramIndex();
    index.add(
      1,
      new Map([
        [10, 1],
        [11, 1],
        [12, 1],
      ]),
    );
    index.add(
      2,
      new Map([
        [10, 1],
        [13, 1],
      ]),
    );
    index.add(3, new Map([[14, 1]]));
    const hits = index.query(
      new Map([
        [11, 1],
        [12, 1],
        [10, 1],
      ]),
      5,
    );
    expect(hits.map((h) => h.trackNo)).toEqual([1, 2]);
    expect(hits[0].score).toBeCloseTo(1, 6);
    index.remove(1);
    expect(index.query(new Map([[11, 1]]), 5)).toEqual([]);
  });

  it('answers the same after tracks are replaced as an index built with the final tracks', () => {
    const grams = (seed: number) =>
      new Map(Array.from({ length: 30 }, (_, i) => [(seed * 7 + i * 13) % 50, 1 + (i % 3)]));
    const changed = new GramIndex();
    for (const t of [0, 1, 2, 3]) changed.add(t, grams(t));
    changed.query(grams(9), 10);
    changed.add(1, grams(5));
    changed.remove(2);
    const fresh = new GramIndex();
    for (const [t, seed] of [
      [0, 0],
      [3, 3],
      [1, 5],
    ])
      fresh.add(t, grams(seed));
    expect(changed.query(grams(9), 10)).toEqual(fresh.query(grams(9), 10));
    expect(changed.query(grams(5), 1)[0]).toMatchObject({ trackNo: 1 });
  });

  it('refuses n-gram codes it cannot index', () => {
    expect(() => new GramIndex().add(0, new Map([[2 ** 22, 1]]))).toThrow(RangeError);
  });
});
