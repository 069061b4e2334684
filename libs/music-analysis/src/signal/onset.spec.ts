import { LogFlux, OnsetEnvelope, onsetDelay, onsetStrength } from './onset';
import { IncrementalStft, stft } from './stft';
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

  it('is the same envelope when built frame by frame while the samples arrive (OnsetEnvelope)', () => {
    const sampleRate = 22_050;
    let seed = 3;
    const samples = Float32Array.from({ length: 3 * sampleRate }, (_, i) => {
      seed = (seed * 16807) % 2147483647;
      return (i % 5000 < 300 ? 0.8 : 0.05) * (seed / 2147483647 - 0.5);
    });
    const envelope = new OnsetEnvelope(1025, onsetDelay(2048, 512), 400);
    const streamed = new IncrementalStft(sampleRate, samples.length);
    const addWritten = () => {
      const { data, frames } = streamed.written;
      while (envelope.added < frames) envelope.add(data, envelope.added);
    };
    for (let end = 7000; end < samples.length; end += 7000) {
      streamed.advance(samples.subarray(0, end));
      addWritten();
    }
    const spec = streamed.finish(samples);
    addWritten();
    expect(envelope.finish(spec.frames)).toEqual(onsetStrength(stft(samples, sampleRate)));
  });

  it('refuses frames out of order or a frame count other than the frames added', () => {
    const spec = spectrogram();
    const envelope = new OnsetEnvelope(BINS, 1, FRAMES);
    envelope.add(spec.data, 0);
    expect(() => envelope.add(spec.data, 2)).toThrow(RangeError);
    expect(() => envelope.finish(FRAMES)).toThrow(RangeError);
  });
});

describe('LogFlux', () => {
  const BINS_ODD = 1025;

  /** The flux by Math.log in float64, over the previous frame's logs as float32 (the envelope before its kernel). */
  function referenceFlux(rows: Float32Array[]): number[] {
    let logs = new Float32Array(BINS_ODD);
    return rows.map((row) => {
      let sum = 0;
      const next = new Float32Array(BINS_ODD);
      for (let k = 0; k < BINS_ODD; k++) {
        const v = Math.log(1 + 100 * row[k]!);
        const d = v - logs[k]!;
        next[k] = v;
        if (d > 0) sum += d;
      }
      logs = next;
      return sum;
    });
  }

  it('sums the rises of log(1 + 100|X|) as Math.log does, to float32 precision, from silence to full scale', () => {
    let seed = 11;
    const rows = Array.from({ length: 8 }, (_, f) =>
      Float32Array.from({ length: BINS_ODD }, (_, k) => {
        seed = (seed * 16807) % 2147483647;
        // Exact zeros, magnitudes from 1e-12 up to 1e4, and the last bin (past the last whole vector) loud.
        if (k % 97 === 0) return 0;
        return k === BINS_ODD - 1 ? 50 * f : 10 ** (16 * (seed / 2147483647) - 12);
      }),
    );
    const flux = new LogFlux(BINS_ODD);
    const data = new Float32Array(rows.length * BINS_ODD);
    rows.forEach((row, f) => data.set(row, f * BINS_ODD));
    const got = rows.map((_, f) => flux.positiveFlux(data, f * BINS_ODD));
    referenceFlux(rows).forEach((want, f) => expect(Math.abs(got[f]! - want)).toBeLessThan(1e-6 * want));
  });

  it('skips a NaN step and counts an infinite rise', () => {
    const flux = new LogFlux(BINS_ODD);
    const quiet = new Float32Array(BINS_ODD).fill(0.01);
    const louder = quiet.map((v, k) => (k === 3 ? NaN : k === 4 ? Infinity : k === 5 ? 1 : v));
    const data = new Float32Array([...quiet, ...louder]);
    flux.positiveFlux(data, 0);
    expect(flux.positiveFlux(data, BINS_ODD)).toBe(Infinity);
    // Bin 5 alone rises once the infinite bin has no finite step: ln(101) − ln(2).
    louder[4] = 0.01;
    const flux2 = new LogFlux(BINS_ODD);
    flux2.positiveFlux(new Float32Array(quiet), 0);
    expect(flux2.positiveFlux(louder, 0)).toBeCloseTo(Math.log(101) - Math.log(2), 5);
  });
});
