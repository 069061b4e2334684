import { reportPeaks } from './waveform-peaks';

describe('reportPeaks', () => {
  it("takes the loudest of each slice's min/max pairs, scaled so the loudest slice is 1", () => {
    // Four pairs: loudest absolute values 0.2, 0.05, 0.4, 0.1.
    const pairs = [-0.2, 0.1, 0, 0.05, -0.4, 0.3, -0.1, 0.1];
    expect(reportPeaks(pairs, 4)).toEqual([0.5, 0.125, 1, 0.25]);
    expect(reportPeaks(pairs, 2)).toEqual([0.5, 1]);
  });

  it('keeps silence flat, never makes more slices than pairs, and has nothing without a stored waveform', () => {
    expect(reportPeaks([0, 0, 0, 0, 0, 0], 3)).toEqual([0, 0, 0]);
    expect(reportPeaks([-0.5, 0.5, -0.25, 0.1], 10)).toEqual([1, 0.5]);
    expect(reportPeaks([])).toEqual([]);
  });
});
