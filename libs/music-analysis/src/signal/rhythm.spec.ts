import { regularBeatGrid } from './chroma';
import { ANALYSIS_SAMPLE_RATE, RHYTHM_STEPS } from '../constants';
import { onsetStrength } from './onset';
import { rhythmPattern } from './rhythm';
import { frameRate, stft } from './stft';
import { clickTrack, mix } from '../../testing/test-signals';

describe('rhythmPattern', () => {
  it('shows beats, softer off-beat eighths and empty sixteenths on a 16-step bar', () => {
    const beats = clickTrack(120, 8);
    const eighths = clickTrack(120, 8, ANALYSIS_SAMPLE_RATE, 0.25).map((v) => 0.05 * v);
    const spec = stft(mix(beats, eighths), ANALYSIS_SAMPLE_RATE);
    const pattern = rhythmPattern(onsetStrength(spec), regularBeatGrid(8, 0.5), frameRate(spec));
    expect(pattern.length).toBe(RHYTHM_STEPS);
    expect(Math.max(...pattern)).toBeCloseTo(1, 5);
    for (let step = 0; step < RHYTHM_STEPS; step++) {
      if (step % 4 === 0) expect(pattern[step]).toBeGreaterThan(0.6);
      else if (step % 2 === 0) {
        expect(pattern[step]).toBeGreaterThan(0.1);
        expect(pattern[step]).toBeLessThan(0.5);
      } else expect(pattern[step]).toBeLessThan(0.1);
    }
  });

  it('is all zeros with less than one bar of beats', () => {
    const pattern = rhythmPattern(new Float32Array(100).fill(1), new Float32Array([0, 0.5, 1]), 43);
    expect(pattern.every((v) => v === 0)).toBe(true);
  });
});
