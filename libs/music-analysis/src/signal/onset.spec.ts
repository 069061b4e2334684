import { onsetStrength } from './onset';
import type { Spectrogram } from '../types';

const FRAMES = 60;
const BINS = 64;

/** A steady noise-like spectrogram (fixed pseudo-random magnitudes), with `step` added from frame `onset` on. */
function spectrogram(onset = FRAMES, step = 0): Spectrogram {
  const data = new Float32Array(FRAMES * BINS);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 16807) % 2147483647;
    data[i] = 0.01 + (0.002 * seed) / 2147483647 + (i >= onset * BINS ? step : 0);
  }
  return { data, frames: FRAMES, bins: BINS, sampleRate: 22_050, fftSize: 2048, hop: 512 };
}

describe('onsetStrength', () => {
  it('peaks at an onset, delayed by a quarter window', () => {
    const env = onsetStrength(spectrogram(20, 0.1));
    const peak = env.indexOf(Math.max(...env));
    expect(peak).toBe(20 + 1);
  });

  it('skips the steps into and out of a NaN magnitude instead of poisoning the frame', () => {
    const clean = spectrogram();
    const bin = 5;
    for (let f = 0; f < FRAMES; f++) clean.data[f * BINS + bin] = 0;
    const withNaN = { ...clean, data: clean.data.slice() };
    withNaN.data[30 * BINS + bin] = NaN;
    // Bin 5 is 0 everywhere else: its steps add nothing, so the NaN must change nothing.
    expect(onsetStrength(withNaN)).toEqual(onsetStrength(clean));
  });
});
