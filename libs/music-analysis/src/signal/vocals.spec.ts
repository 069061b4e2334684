import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { stft } from './stft';
import {
  addHarmonicTone,
  clickTrack,
  mix,
  renderChords,
  triad,
  whiteNoise,
  type ToneOptions,
} from '../../testing/test-signals';
import { estimateVocalShare, HarmonicSalience } from './vocals';

const SR = ANALYSIS_SAMPLE_RATE;
const TUNE = [60, 62, 64, 65, 67, 65, 64, 62];
/** Rich harmonic tone (16 partials, slow decay): energy reaches the 1–4 kHz formant region. */
const RICH: ToneOptions = { partials: 16, partialDecay: 0.8, rampSec: 0.05 };
const SUNG: ToneOptions = { ...RICH, vibratoHz: 5.5, vibratoCents: 60 };

function melodyLine(opts: ToneOptions, seconds = 8): Float32Array {
  const out = new Float32Array(SR * seconds);
  TUNE.forEach((pitch, i) => addHarmonicTone(out, i * SR, pitch, 1, opts));
  return out;
}

const share = (samples: Float32Array): number => estimateVocalShare(stft(samples, SR));

describe('estimateVocalShare', () => {
  it('hears a sung-like line (harmonic, with vibrato) as voice for most of its length', () => {
    expect(share(melodyLine(SUNG))).toBeGreaterThan(0.8);
  });

  it('does not hear the same line played at fixed pitches as voice', () => {
    expect(share(melodyLine(RICH))).toBeLessThan(0.1);
  });

  it('measures the sung share of a song: voice over chords and drums for 5 of 8 seconds', () => {
    // A mix where the voice is about as loud as the whole accompaniment, as in typical pop mixing.
    const chords = renderChords([triad(60, 'maj'), triad(57, 'min'), triad(65, 'maj'), triad(67, 'maj')], 2, {
      amplitude: 0.05,
    });
    const voice = melodyLine({ ...SUNG, amplitude: 0.15 }).fill(0, SR * 5);
    const measured = share(
      mix(
        chords,
        voice,
        clickTrack(120, 8).map((v) => 0.4 * v),
      ),
    );
    expect(measured).toBeGreaterThan(0.5);
    expect(measured).toBeLessThan(0.7);
  });

  describe('with the voice 6 dB under the accompaniment (chords ~2× louder)', () => {
    const rms = (x: Float32Array): number => Math.sqrt(x.reduce((a, v) => a + v * v, 0) / x.length);
    const chords = renderChords([triad(60, 'maj'), triad(57, 'min'), triad(65, 'maj'), triad(67, 'maj')], 2, {
      amplitude: 0.08,
    });
    const clicks = clickTrack(120, 8).map((v) => 0.2 * v);
    const atMinus6dB = (line: Float32Array): Float32Array => {
      const gain = (0.5 * rms(chords)) / rms(line.subarray(0, 5 * SR));
      return line.map((v) => v * gain);
    };

    it('still measures the sung share (5 of 8 s) within ±0.15', () => {
      const voice = atMinus6dB(melodyLine(SUNG).fill(0, SR * 5));
      expect(Math.abs(share(mix(chords, voice, clicks)) - 5 / 8)).toBeLessThanOrEqual(0.15);
    });

    it('stays low for the same mix with the line played at fixed pitches', () => {
      const instrument = atMinus6dB(melodyLine(RICH).fill(0, SR * 5));
      expect(share(mix(chords, instrument, clicks))).toBeLessThan(0.1);
      expect(share(mix(chords, clicks))).toBeLessThan(0.1);
    });
  });

  it('finds no voice in noise, clicks or silence', () => {
    expect(share(whiteNoise(4, 3))).toBeLessThan(0.05);
    expect(share(clickTrack(120, 4))).toBeLessThan(0.05);
    expect(share(new Float32Array(SR * 2))).toBe(0);
  });
});

describe('HarmonicSalience', () => {
  /** The harmonic sum as the scalar TypeScript loop computed it, scaled so the strongest candidate is 1. */
  function reference(candidateBin: Float64Array, maxBin: number, row: Float32Array): Float32Array {
    const out = new Float32Array(candidateBin.length);
    let frameMax = 0;
    candidateBin.forEach((bin, c) => {
      let score = 0;
      for (let h = 1, w = 1; h <= 8 && bin * h < maxBin; h++, w *= 0.8) {
        const k = Math.floor(bin * h);
        const frac = bin * h - k;
        score += w * ((1 - frac) * row[k]! + frac * row[k + 1]!);
      }
      out[c] = score;
      if (score > frameMax) frameMax = score;
    });
    return frameMax > 0 ? out.map((v) => v / frameMax) : out;
  }

  it.each([7, 8])('gives the scalar sum bit for bit, frame after frame (%i candidates)', (candidates) => {
    const maxBin = 300;
    const candidateBin = Float64Array.from({ length: candidates }, (_, c) => 5.3 * 1.37 ** c);
    const salience = new HarmonicSalience(candidateBin, maxBin);
    for (let frame = 1; frame <= 3; frame++) {
      const data = Float32Array.from({ length: 2 * (maxBin + 2) }, (_, k) => ((k * 7919 * frame) % 1000) / 997);
      const got = salience.of(data, maxBin + 2);
      expect(Array.from(got)).toEqual(Array.from(reference(candidateBin, maxBin, data.subarray(maxBin + 2))));
    }
  });
});
