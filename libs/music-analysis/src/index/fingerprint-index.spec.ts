import { FingerprintIndex } from './fingerprint-index';
import { FP_FRAME_SEC, landmarkHash } from '../signal/landmarks';
import type { Fingerprints } from '../types';

/** Landmarks with the given (anchor bin, Δt) pairs at the given times. */
function landmarks(pairs: [number, number, number][]): Fingerprints {
  return {
    hashes: Uint32Array.from(pairs.map(([bin, , dt]) => landmarkHash(bin, 5, dt))),
    times: Uint32Array.from(pairs.map(([, time]) => time)),
    frameSec: FP_FRAME_SEC,
  };
}

/** A track's landmarks: pairs of distinct anchor bins from `firstBin`, every 7 frames from `from`, Δt 20. */
function track(firstBin: number, from: number, count: number): [number, number, number][] {
  return Array.from({ length: count }, (_, i): [number, number, number] => [firstBin + i, from + 7 * i, 20]);
}

describe('FingerprintIndex', () => {
  const index = new FingerprintIndex();
  const three = track(10, 0, 100);
  const five = track(120, 400, 60);
  index.add(3, landmarks(three));
  index.add(5, landmarks(five));

  it('votes for each track at its offset, a query starting after its reference included (negative offset)', () => {
    // The query holds track 3's landmarks 20 to 59 (from frame 140) moved to start at frame 1000.
    const query = landmarks(three.slice(20, 60).map(([bin, time, dt]) => [bin, time + 860, dt]));
    const [best] = index.query(query, 5);
    expect(best).toEqual({ trackNo: 3, votes: 40, offset: -860 });
  });

  it('gives the same hits to the same query asked again (its counts start from zero each time)', () => {
    const query = landmarks(five.slice(0, 30));
    const first = index.query(query, 5);
    expect(index.query(query, 5)).toEqual(first);
    expect(first[0]).toMatchObject({ trackNo: 5, offset: 0 });
  });

  it('finds a copy played faster by the speed it is looked up under, its offset to the bin', () => {
    // Track 5 played at 125 %: times and Δt shortened by 1.25, from frame 100 of the copy.
    const copy = landmarks(five.map(([bin, time]) => [bin, Math.round((time - 400) / 1.25) + 100, 16]));
    const [hit] = index.queryStretched(copy, 1.25, 5);
    expect(hit.trackNo).toBe(5);
    expect(hit.votes).toBeGreaterThanOrEqual(50);
    expect(Math.abs(hit.offset - (400 - 125))).toBeLessThanOrEqual(16);
  });

  it('forgets a removed track', () => {
    const other = new FingerprintIndex();
    other.add(1, landmarks(three));
    other.remove(1);
    expect(other.query(landmarks(three))).toEqual([]);
  });
});
