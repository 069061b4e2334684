import { computePeaks, decodePeaks, encodePeaks } from './peaks';

describe('waveform peaks', () => {
  it('gives the min and max of each equal slice, interleaved', () => {
    const samples = Float32Array.from([0.1, -0.5, 0.3, 0.2, -0.2, 0.9, 0, 0]);
    expect(Array.from(computePeaks(samples, 4))).toEqual([-0.5, 0.1, 0, 0.3, -0.2, 0.9, 0, 0].map(Math.fround));
  });

  it('spans the whole song when the length does not divide evenly', () => {
    const samples = new Float32Array(1001);
    samples[1000] = 0.75; // the very last sample must land in the last pair
    const peaks = computePeaks(samples, 10);
    expect(peaks).toHaveLength(20);
    expect(peaks[19]).toBeCloseTo(0.75);
    expect(Array.from(peaks.slice(0, 18)).every((v) => v === 0)).toBe(true);
  });

  it('gives one pair per sample for a song shorter than the pairs asked for, and clamps to full scale', () => {
    expect(Array.from(computePeaks(Float32Array.from([1.5, -2]), 1600))).toEqual([0, 1, -1, 0]);
    expect(computePeaks(new Float32Array(0))).toHaveLength(0);
  });

  it('follows a sine wave: each slice of a full period reaches ±amplitude', () => {
    const rate = 8000;
    const samples = Float32Array.from({ length: rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 100 * i) / rate));
    const peaks = computePeaks(samples, 50); // 160 samples = two periods per slice
    for (let i = 0; i < 50; i++) {
      expect(peaks[2 * i]).toBeCloseTo(-0.5, 2);
      expect(peaks[2 * i + 1]).toBeCloseTo(0.5, 2);
    }
  });

  it('survives storage: encoded to bytes and served rounded to three decimals', () => {
    const peaks = Float32Array.from([-0.12345, 0.98765, 0, 0.5]);
    expect(decodePeaks(encodePeaks(peaks))).toEqual([-0.123, 0.988, 0, 0.5]);
    expect(() => decodePeaks(Buffer.alloc(12))).toThrow(/pairs/);
  });
});
