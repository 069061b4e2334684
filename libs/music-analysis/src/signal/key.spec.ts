import { chromaSum, chromagram, estimateTuning } from './chroma';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { estimateKey } from './key';
import { stft } from './stft';
import { cMajorCadence, renderChords, triad, type ToneOptions } from '../../testing/test-signals';

function keyOf(chords: number[][], opts: ToneOptions = {}) {
  const spec = stft(renderChords(chords, 1, opts), ANALYSIS_SAMPLE_RATE);
  return estimateKey(chromaSum(chromagram(spec, estimateTuning(spec))));
}

describe('estimateKey', () => {
  it('finds C major in a I–IV–V–I cadence of harmonic tones', () => {
    const key = keyOf(cMajorCadence());
    expect(key).toMatchObject({ tonic: 0, mode: 'major', name: 'C major' });
    expect(key.confidence).toBeGreaterThan(0.7);
  });

  it('still finds C major when the whole track is tuned 30 cents flat', () => {
    expect(keyOf(cMajorCadence(), { tuningCents: -30 }).name).toBe('C major');
  });

  it('finds A minor in an i–iv–V–i cadence', () => {
    const key = keyOf([triad(57, 'min'), triad(62, 'min'), triad(64, 'maj'), triad(57, 'min')]);
    expect(key.name).toBe('A minor');
  });

  it('follows a transposition: the cadence up 3 semitones is in D# major', () => {
    expect(keyOf(cMajorCadence().map((c) => c.map((p) => p + 3))).name).toBe('D# major');
  });

  it('reports zero confidence for a flat chroma', () => {
    expect(estimateKey(new Array(12).fill(1)).confidence).toBe(0);
    expect(() => estimateKey([1, 2, 3])).toThrow(RangeError);
  });
});
