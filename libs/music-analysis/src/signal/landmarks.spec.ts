import { extractFingerprints, PEAKS_PER_SECOND, FAN_OUT, storedLandmarks } from './landmarks';
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
