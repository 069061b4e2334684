import { peaksOf } from './waveform-peaks';

describe('peaksOf', () => {
  it('takes the loudest sample of each slice, scaled so the loudest slice is 1', () => {
    const samples = Float32Array.from([0.1, -0.2, 0.05, 0.0, -0.4, 0.3, 0.1, 0.1]);
    expect(peaksOf(samples, 4)).toEqual([0.5, 0.125, 1, 0.25]);
  });

  it('keeps silence flat and never makes more slices than samples', () => {
    expect(peaksOf(new Float32Array(6), 3)).toEqual([0, 0, 0]);
    expect(peaksOf(Float32Array.from([0.5, 0.25]), 10)).toEqual([1, 0.5]);
    expect(peaksOf(new Float32Array(0))).toEqual([]);
  });
});
