import {
  extractFingerprints,
  PEAKS_PER_SECOND,
  FAN_OUT,
  storedLandmarks,
  RowMaximum,
  landmarkHash,
  stretchedLandmarks,
  anchorBin,
  targetBin,
  FP_FRAME_SEC,
} from './landmarks';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { aKey, aMelody, aProgression, renderSong } from '../../testing/match-fixtures';

describe('stored and query landmarks', () => {
  const song = renderSong(
    aMelody(3, 90, { bpm: 110 }),
    aProgression(
      aKey(2),
      [
        [0, 'maj'],
        [5, 'maj'],
        [7, 'maj'],
        [0, 'maj'],
      ],
      12,
      110,
    ),
    20,
  );
  const fp = extractFingerprints(song);
  const key = (hash: number, time: number) => `${time}:${hash}`;

  it('stores at most PEAKS_PER_SECOND × FAN_OUT landmarks a second (the index budget)', () => {
    expect(fp.hashes.length / song.durationSec).toBeLessThanOrEqual(PEAKS_PER_SECOND * FAN_OUT);
  });

  it('looks up every stored landmark once as a query, among several times as many, in time order', () => {
    const query = fp.query!;
    const looked = new Set<string>();
    for (let i = 0; i < query.hashes.length; i++) looked.add(key(query.hashes[i], query.times[i]));
    expect(looked.size).toBe(query.hashes.length);
    for (let i = 0; i < fp.hashes.length; i++) expect(looked.has(key(fp.hashes[i], fp.times[i]))).toBe(true);
    expect(query.hashes.length).toBeGreaterThan(3 * fp.hashes.length);
    for (let i = 1; i < query.times.length; i++) expect(query.times[i]).toBeGreaterThanOrEqual(query.times[i - 1]);
  });

  it('keeps only the stored landmarks for the catalogue', () => {
    const stored = storedLandmarks(fp);
    expect(stored.query).toBeUndefined();
    expect(stored.hashes).toBe(fp.hashes);
    expect(stored.times).toBe(fp.times);
  });
});

describe('the lowest bin', () => {
  /** Kicks: 60 ms bursts of a 70 Hz tone twice a second, and a 440 Hz note between each two. */
  function kicksAndNotes(seconds: number) {
    const rate = ANALYSIS_SAMPLE_RATE;
    const samples = new Float32Array(seconds * rate);
    for (let i = 0; i < samples.length; i++) {
      const t = i / rate;
      const kick = t % 0.5 < 0.06 ? Math.sin(2 * Math.PI * 70 * t) : 0;
      const note = t % 0.5 >= 0.25 && t % 0.5 < 0.35 ? Math.sin(2 * Math.PI * 440 * t) : 0;
      samples[i] = 0.6 * kick + 0.3 * note;
    }
    return { samples, sampleRate: rate, durationSec: seconds };
  }
  /** The band's lowest bin: the anchor of hash bits 0. */
  const lowest = anchorBin(0);

  it('pairs no two peaks of the lowest bin, where kicks and low bass notes follow one another', () => {
    const fp = extractFingerprints(kicksAndNotes(8));
    const sets = [fp, fp.query!];
    const pairs = (set: { hashes: Uint32Array }, anchor: (bin: number) => boolean, target: (bin: number) => boolean) =>
      Array.from(set.hashes).filter((h) => anchor(anchorBin(h)) && target(targetBin(h)));
    const isLowest = (bin: number) => bin === lowest;
    for (const set of sets) {
      // The kicks' peaks are there, paired with the notes'; never with each other.
      expect(pairs(set, isLowest, (bin) => !isLowest(bin)).length).toBeGreaterThan(0);
      expect(pairs(set, isLowest, isLowest)).toEqual([]);
    }
  });
});

describe('stretchedLandmarks', () => {
  const fp = {
    hashes: Uint32Array.of(landmarkHash(40, 12, 20), landmarkHash(90, -7, 60)),
    times: Uint32Array.of(100, 400),
    frameSec: FP_FRAME_SEC,
  };

  it("maps a copy's landmarks into its source's time: Δt and anchor times times the speed, frequencies kept", () => {
    const source = stretchedLandmarks(fp, 1.1);
    expect([...source.hashes]).toEqual([landmarkHash(40, 12, 22)]);
    expect([...source.times]).toEqual([110]);
  });

  it('drops a pair whose stretched Δt leaves the hash', () => {
    expect(stretchedLandmarks(fp, 1.1).hashes).toHaveLength(1);
    expect(stretchedLandmarks(fp, 0.9).hashes).toHaveLength(2);
  });
});

describe('RowMaximum', () => {
  /** The van Herk / Gil-Werman row filter the fingerprints were extracted with (blocks of 2r + 1 from item 0). */
  function vanHerk(src: Float32Array, radius: number): Float32Array {
    const n = src.length;
    const w = 2 * radius + 1;
    const g = new Float32Array(n);
    const h = new Float32Array(n);
    for (let b0 = 0; b0 < n; b0 += w) {
      const b1 = Math.min(b0 + w, n);
      g[b0] = src[b0]!;
      for (let t = b0 + 1; t < b1; t++) g[t] = Math.max(g[t - 1]!, src[t]!);
      h[b1 - 1] = src[b1 - 1]!;
      for (let t = b1 - 2; t >= b0; t--) h[t] = Math.max(h[t + 1]!, src[t]!);
    }
    return Float32Array.from({ length: n }, (_, t) =>
      Math.max(h[Math.max(0, t - radius)]!, g[Math.min(n - 1, t + radius)]!),
    );
  }

  it.each([
    [252, 7],
    [15, 7],
    [40, 3],
    [61, 10],
  ])('gives the van Herk maxima of a row of %i values, radius %i, ends included', (length, radius) => {
    const rows = new RowMaximum(length, radius);
    for (let seed = 1; seed <= 3; seed++) {
      const values = Float32Array.from({ length }, (_, k) => ((k * 7919 * seed + 13) % 1009) / 1009);
      expect(Array.from(rows.of(values))).toEqual(Array.from(vanHerk(values, radius)));
    }
  });
});
