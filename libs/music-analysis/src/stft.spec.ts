import { ANALYSIS_SAMPLE_RATE, FFT_SIZE, HOP_SIZE } from './constants';
import { binHz, stft } from './stft';
import { sineTone } from './test-signals';

describe('stft', () => {
  it('puts a sine tone’s energy in the bin of its frequency, in every frame', () => {
    const spec = stft(sineTone(1000, 1), ANALYSIS_SAMPLE_RATE);
    expect(spec.bins).toBe(FFT_SIZE / 2 + 1);
    expect(spec.frames).toBe(Math.floor(ANALYSIS_SAMPLE_RATE / HOP_SIZE) + 1);
    const mid = Math.floor(spec.frames / 2) * spec.bins;
    let peak = 0;
    for (let k = 1; k < spec.bins; k++) if (spec.data[mid + k]! > spec.data[mid + peak]!) peak = k;
    expect(Math.abs(binHz(spec, peak) - 1000)).toBeLessThan(binHz(spec, 1));
  });

  it('gives no frames for no samples and rejects a non-power-of-two size', () => {
    expect(stft(new Float32Array(0), ANALYSIS_SAMPLE_RATE).frames).toBe(0);
    expect(() => stft(new Float32Array(10), ANALYSIS_SAMPLE_RATE, { fftSize: 1000 })).toThrow(RangeError);
  });
});
