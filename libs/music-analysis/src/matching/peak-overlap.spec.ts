import type { Fingerprints } from '../types';
import { FP_FRAME_SEC, landmarkHash } from '../signal/landmarks';
import { OVERLAP_FLOOR, peakOverlap, peakOverlapNear, overlapStandout } from './peak-overlap';

/** A deterministic stream of numbers in [0, 1). */
function numbers(seed: number): () => number {
  let x = seed;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

const secondFrames = Math.round(1 / FP_FRAME_SEC);

/** Landmarks anchored at these peaks (frame, bin), one pair each, as a query or a reference holds them. */
function landmarks(peaks: [number, number][]): Fingerprints {
  const sorted = [...peaks].sort((a, b) => a[0] - b[0]);
  return {
    hashes: Uint32Array.from(sorted.map(([, bin]) => landmarkHash(bin, 2, 5))),
    times: Uint32Array.from(sorted.map(([frame]) => frame)),
    frameSec: FP_FRAME_SEC,
  };
}

/** `perSecond` peaks a second at random frames and bins over `seconds`. */
function music(seed: number, seconds: number, perSecond: number): [number, number][] {
  const next = numbers(seed);
  return Array.from({ length: seconds * perSecond }, () => [
    Math.floor(next() * seconds * secondFrames),
    8 + Math.floor(next() * 240),
  ]);
}

/** A 60 s reference at 12 peaks a second, and a 25 s query of other music with 8 s of it from its 30th second
 * mixed in at 5 s, keeping `kept` of the sample's peaks. */
function sampleQuery(kept: number) {
  const reference = music(1, 60, 12);
  const next = numbers(2);
  const sample = reference
    .filter(([frame]) => frame >= 30 * secondFrames && frame < 38 * secondFrames)
    .filter(() => next() < kept)
    .map(([frame, bin]): [number, number] => [frame - 25 * secondFrames, bin]);
  return {
    reference: landmarks(reference),
    query: landmarks([...music(3, 25, 30), ...sample]),
    offset: 25 * secondFrames,
  };
}

describe('peakOverlap', () => {
  it('finds the run of seconds where the query holds the reference’s peaks at the offset', () => {
    const { reference, query, offset } = sampleQuery(0.35);
    const overlap = peakOverlap(query, reference, offset);
    expect(overlap.score).toBeGreaterThan(OVERLAP_FLOOR);
    expect(overlap.queryStart * FP_FRAME_SEC).toBeGreaterThanOrEqual(4);
    expect(overlap.queryStart * FP_FRAME_SEC).toBeLessThan(6);
    expect(overlap.queryEnd * FP_FRAME_SEC).toBeGreaterThan(12);
    expect(overlap.queryEnd * FP_FRAME_SEC).toBeLessThanOrEqual(14);
    expect(overlap.hits / overlap.peaks).toBeGreaterThan(0.25);
    // The query's own music holds a reference peak's cell by chance at about 30 peaks × 3 frames / 86 frames / 256 bins.
    expect(overlap.backgroundRate).toBeLessThan(0.05);
  });

  it('scores far less at another offset, and without the sample', () => {
    const { reference, query, offset } = sampleQuery(0.35);
    expect(peakOverlap(query, reference, offset + 7 * secondFrames).score).toBeLessThan(OVERLAP_FLOOR / 3);
    const { query: without } = sampleQuery(0);
    expect(peakOverlap(without, reference, offset).score).toBeLessThan(OVERLAP_FLOOR / 3);
  });

  it('reads a reference whose landmarks are not in time order as it reads the same set in order', () => {
    const { reference, query, offset } = sampleQuery(0.35);
    const reversed: Fingerprints = {
      hashes: reference.hashes.slice().reverse(),
      times: reference.times.slice().reverse(),
      frameSec: reference.frameSec,
    };
    expect(peakOverlap(query, reversed, offset)).toEqual(peakOverlap(query, reference, offset));
  });

  it('counts a peak a frame early or late, but not a bin off', () => {
    const { reference, offset } = sampleQuery(0);
    const copy = (frameShift: number, binShift: number) =>
      landmarks(
        music(1, 60, 12)
          .filter(([frame]) => frame >= 30 * secondFrames && frame < 38 * secondFrames)
          .map(([frame, bin]): [number, number] => [frame - offset + frameShift, bin + binShift]),
      );
    expect(peakOverlap(copy(1, 0), reference, offset).score).toBeGreaterThan(3 * OVERLAP_FLOOR);
    expect(peakOverlap(copy(0, 1), reference, offset).score).toBe(0);
  });
});

describe('peakOverlap under a transform', () => {
  // 20 s of the reference from its 30th second, a semitone down and at 106 % speed.
  const speed = 1.06;
  const pitchRatio = 2 ** (-1 / 12);
  const reference = music(1, 60, 12);
  const offset = 30 * secondFrames;
  const copy = landmarks(
    reference
      .filter(([frame]) => frame >= offset && frame < 50 * secondFrames)
      .map(([frame, bin]): [number, number] => [Math.round((frame - offset) / speed), Math.round(bin * pitchRatio)]),
  );

  it('maps the reference’s peaks through the pitch ratio and the speed', () => {
    const overlap = peakOverlap(copy, landmarks(reference), offset, { speed, pitchRatio });
    expect(overlap.hits / overlap.peaks).toBeGreaterThan(0.9);
    expect(peakOverlap(copy, landmarks(reference), offset).score).toBeLessThan(OVERLAP_FLOOR / 3);
  });

  it('finds the offset a few frames from a line fitted through few landmarks', () => {
    const near = peakOverlapNear(copy, landmarks(reference), offset + 8, { speed, pitchRatio }, 24);
    expect(Math.abs(near.offset - offset)).toBeLessThanOrEqual(1);
    expect(near.hits / near.peaks).toBeGreaterThan(0.9);
  });
});

describe('overlapStandout', () => {
  it('divides by the largest of the other candidates’ scores, and no less than OVERLAP_FLOOR', () => {
    expect(overlapStandout(120, [10, 60, 20])).toBe(2);
    expect(overlapStandout(60, [1, 2])).toBe(60 / OVERLAP_FLOOR);
    expect(overlapStandout(60, [])).toBe(60 / OVERLAP_FLOOR);
  });
});
