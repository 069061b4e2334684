import { bassChroma, beatSyncChroma, chromaSum, chromagram, estimateTuning, regularBeatGrid } from './chroma';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { frameRate, stft } from './stft';
import { addHarmonicTone, midiToHz, renderChords, sineTone } from '../../testing/test-signals';

const SR = ANALYSIS_SAMPLE_RATE;

function argmax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
}

function toneChromaSum(samples: Float32Array, tuningCents?: number): Float64Array {
  const spec = stft(samples, SR);
  return chromaSum(chromagram(spec, tuningCents ?? estimateTuning(spec)));
}

describe('chroma', () => {
  it('puts a 440 Hz tone on pitch class A', () => {
    const sum = toneChromaSum(sineTone(440, 1));
    expect(argmax(sum)).toBe(9);
    const total = sum.reduce((a, b) => a + b, 0);
    expect(sum[9]! / total).toBeGreaterThan(0.95);
  });

  it('reads the bass of the frames asked for, not the chord and melody above it', () => {
    // A2 under a C major triad with E5 above for 2 s, then C3 under the same for 2 s.
    const spec = stft(
      renderChords(
        [
          [45, 60, 64, 67, 76],
          [48, 60, 64, 67, 76],
        ],
        2,
      ),
      SR,
    );
    const fps = frameRate(spec);
    expect(argmax(bassChroma(spec, 0, Math.round(2 * fps)))).toBe(9);
    expect(argmax(bassChroma(spec, Math.round(2 * fps), spec.frames))).toBe(0);
    expect(bassChroma(spec, 10, 10).every((v) => v === 0)).toBe(true);
  });

  it('puts a low bass note (A1, 55 Hz) on its pitch class despite wide low-frequency bins', () => {
    expect(argmax(toneChromaSum(sineTone(55, 1)))).toBe(9);
  });

  it.each([[-30], [0], [20], [-45]])('estimates a tuning offset of %i cents within 3 cents', (cents) => {
    const tone = new Float32Array(SR * 2);
    for (const [i, pitch] of [57, 60, 64, 67].entries())
      addHarmonicTone(tone, (i * SR) / 2, pitch, 0.5, { tuningCents: cents });
    expect(Math.abs(estimateTuning(stft(tone, SR)) - cents)).toBeLessThanOrEqual(3);
  });

  it('keeps a note 45 cents flat on its own pitch class once tuning is corrected, and would lose it without', () => {
    // Chords 45 cents flat with vibrato of ±20 cents: uncorrected, the flat half of each swing crosses into the
    // semitone below. Harmonics 3 and 5 of E and G (B, G#, D) lie outside the triad, so even perfect chroma puts
    // only ≈ 84 % inside it; the same chord in tune is the reference the corrected one must reach.
    const chord = (tuningCents: number): Float32Array => {
      const tone = new Float32Array(SR * 2);
      for (const pitch of [60, 64, 67])
        addHarmonicTone(tone, 0, pitch, 2, { tuningCents, vibratoHz: 5, vibratoCents: 20 });
      return tone;
    };
    const inTriad = (c: Float64Array): number => (c[0]! + c[4]! + c[7]!) / c.reduce((a, b) => a + b, 0);
    const inTune = inTriad(toneChromaSum(chord(0), 0));
    const corrected = inTriad(toneChromaSum(chord(-45)));
    const uncorrected = inTriad(toneChromaSum(chord(-45), 0));
    expect(inTune).toBeGreaterThan(0.75);
    expect(Math.abs(corrected - inTune)).toBeLessThan(0.02);
    expect(uncorrected).toBeLessThan(corrected - 0.2);
  });

  it('averages chroma per beat, L2-normalises rows and zeroes silent beats', () => {
    const samples = new Float32Array(SR * 2);
    samples.set(sineTone(midiToHz(60), 1));
    const spec = stft(samples, SR);
    const bc = beatSyncChroma(chromagram(spec), frameRate(spec), regularBeatGrid(2, 0.5), 2);
    expect(bc.beats).toBe(4);
    expect(bc.data[0]).toBeCloseTo(1, 1);
    const row = (i: number): number[] => Array.from(bc.data.subarray(i * 12, i * 12 + 12));
    expect(Math.hypot(...row(1))).toBeCloseTo(1, 5);
    expect(row(3).every((v) => v === 0)).toBe(true);
  });
});
