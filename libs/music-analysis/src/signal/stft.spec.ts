import { ANALYSIS_SAMPLE_RATE, FFT_SIZE, HOP_SIZE } from '../constants';
import { binHz, IncrementalStft, stft } from './stft';
import { sineTone } from '../../testing/test-signals';

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

  it('gives the same spectrogram when the samples arrive in batches', () => {
    const samples = sineTone(440, 3, ANALYSIS_SAMPLE_RATE).map((v, i) => v * Math.sin(i / 1000));
    const incremental = new IncrementalStft(ANALYSIS_SAMPLE_RATE, samples.length + 5000);
    for (const end of [100, 1024, 1025, 5000, 5000, 30_000]) incremental.advance(samples.subarray(0, end));
    expect(incremental.finish(samples)).toEqual(stft(samples, ANALYSIS_SAMPLE_RATE));
    expect(() => incremental.advance(new Float32Array(samples.length + 5001))).toThrow(RangeError);
  });
});
