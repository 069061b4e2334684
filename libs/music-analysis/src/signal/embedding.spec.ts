import {
  EMBEDDING_DIM,
  chromaEmbedding,
  embeddingBeatRate,
  embeddingSimilarity,
  embeddingsAtOtherBeatLevels,
} from './embedding';
import { doubleBeatRate, halveBeatRate } from './beat-rate';
import { seededRandom } from '../../testing/test-signals';
import type { BeatChroma } from '../types';

/** Beat chroma from a list of pitch-class sets, one per beat, each row L2-normalised. */
function beatChroma(rows: number[][], transpose = 0): BeatChroma {
  const data = new Float32Array(rows.length * 12);
  rows.forEach((pcs, r) => {
    for (const pc of pcs) data[r * 12 + ((pc + transpose) % 12)] += 1;
    const norm = Math.hypot(...data.subarray(r * 12, r * 12 + 12));
    for (let p = 0; p < 12; p++) data[r * 12 + p] /= norm;
  });
  return { data, beats: rows.length, beatTimes: new Float32Array(rows.length).map((_, i) => i * 0.5) };
}

/** C–Am–F–G, 4 beats each, with a melody note on top that moves every beat, repeated 6 times. */
function popSong(): number[][] {
  const chords = [
    [0, 4, 7],
    [9, 0, 4],
    [5, 9, 0],
    [7, 11, 2],
  ];
  const melody = [4, 2, 0, 2, 0, 11, 9, 11, 9, 7, 5, 4, 2, 4, 5, 7];
  return Array.from({ length: 96 }, (_, i) => [...chords[Math.floor(i / 4) % 4]!, melody[i % 16]!]);
}

/** A different piece: chords alternating every 2 beats over a chromatic bass walk. */
function otherSong(): number[][] {
  const rnd = seededRandom(42);
  return Array.from({ length: 96 }, (_, i) => {
    const root = Math.floor(i / 2) % 12;
    return [root, (root + 3) % 12, (root + 6) % 12, Math.floor(rnd() * 12)];
  });
}

describe('chromaEmbedding', () => {
  it('has a fixed length and unit norm whatever the track length', () => {
    for (const beats of [5, 32, 96]) {
      const e = chromaEmbedding(beatChroma(popSong().slice(0, beats)));
      expect(e.length).toBe(EMBEDDING_DIM);
      expect(embeddingSimilarity(e, e)).toBeCloseTo(1, 5);
    }
  });

  it('is the same for a song and its transposition up 3 semitones', () => {
    const original = chromaEmbedding(beatChroma(popSong()));
    const transposed = chromaEmbedding(beatChroma(popSong(), 3));
    expect(embeddingSimilarity(original, transposed)).toBeGreaterThan(0.95);
  });

  it('barely changes when the song starts a few beats later', () => {
    const song = popSong();
    const shifted = [...song.slice(0, 3), ...song].slice(0, song.length);
    expect(
      embeddingSimilarity(chromaEmbedding(beatChroma(song)), chromaEmbedding(beatChroma(shifted))),
    ).toBeGreaterThan(0.95);
  });

  it('is clearly less similar for an unrelated piece', () => {
    const original = chromaEmbedding(beatChroma(popSong()));
    const transposed = chromaEmbedding(beatChroma(popSong(), 3));
    const unrelated = chromaEmbedding(beatChroma(otherSong()));
    expect(embeddingSimilarity(original, unrelated)).toBeLessThan(embeddingSimilarity(original, transposed) - 0.1);
  });

  it('is the same when the beat tracker read the song in double time', () => {
    const song = popSong();
    const doubleTime = beatChroma(song.flatMap((row) => [row, row]));
    doubleTime.beatTimes = doubleTime.beatTimes.map((_, i) => i * 0.25);
    expect(embeddingSimilarity(chromaEmbedding(beatChroma(song)), chromaEmbedding(doubleTime))).toBeGreaterThan(0.99);
  });

  it('reads a query at half and double its beat rate as the embedding of those readings would', () => {
    const song = beatChroma(popSong());
    song.beatTimes = song.beatTimes.map((_, i) => i * 0.8); // 75 BPM: neither reading is folded back
    expect(embeddingBeatRate(song)).toBeCloseTo(75, 3);
    const { double, half } = embeddingsAtOtherBeatLevels(song);
    // The sliding DFT over every patch equals the exact one.
    const halved = chromaEmbedding(halveBeatRate(song));
    for (let d = 0; d < EMBEDDING_DIM; d++) expect(half[d]).toBeCloseTo(halved[d]!, 6);
    // Double time takes every other patch (those starting mid-beat repeat their neighbours).
    expect(embeddingSimilarity(double, chromaEmbedding(doubleBeatRate(song)))).toBeGreaterThan(0.999);
    expect(embeddingSimilarity(double, chromaEmbedding(song))).toBeLessThan(0.99);
  });

  it('reads a double-time reading at the felt beat rate', () => {
    const fast = beatChroma(popSong());
    fast.beatTimes = fast.beatTimes.map((_, i) => i * 0.3); // 200 BPM, folded to 100
    expect(embeddingBeatRate(fast)).toBeCloseTo(100, 3);
  });

  it('is all zeros when there are no beats', () => {
    const e = chromaEmbedding({ data: new Float32Array(0), beats: 0, beatTimes: new Float32Array(0) });
    expect(e.every((v) => v === 0)).toBe(true);
  });
});
