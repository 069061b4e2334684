import { GramIndex, contourGrams, contourSteps, melodyGrams } from './melody-index';
import { aTrack, transformMelody } from './match-fixtures';

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
});
