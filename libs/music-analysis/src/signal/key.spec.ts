import { chromaSum, chromagram, estimateTuning } from './chroma';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { estimateKey, harmonicProfile, relativeKey, scaleFit, withChordAmbiguity, withOpeningBass } from './key';
import type { ChordSegment, KeyEstimate } from '../types';
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

  it('reports no key, at zero confidence, for a flat chroma', () => {
    expect(estimateKey(new Array(12).fill(1))).toMatchObject({ confidence: 0, name: '' });
    expect(estimateKey(new Array(12).fill(0))).toMatchObject({ confidence: 0, name: '' });
    expect(() => estimateKey([1, 2, 3])).toThrow(RangeError);
  });
});

describe('key clarity and relative-key ambiguity', () => {
  it('calls a full cadence clear and does not flag its relative minor', () => {
    const key = keyOf(cMajorCadence());
    expect(key.clarity).toBeGreaterThan(0.5);
    expect(key.relativeAmbiguity).toBeUndefined();
  });

  it('names the relative minor when C major and A minor triads alternate', () => {
    const key = estimateKey(chromaOfTriads([0, 4, 7], [9, 0, 4]));
    expect(['C major', 'A minor']).toContain(key.name);
    expect(key.relativeAmbiguity).toBe(key.name === 'C major' ? 'A minor' : 'C major');
    expect(key.clarity).toBeLessThan(0.5);
  });

  it('gives clarity 0 for a flat chroma', () => {
    expect(estimateKey(new Array(12).fill(1)).clarity).toBe(0);
  });

  it('credits each degree with its octave, twelfth and double octave, each 0.6 of the one before', () => {
    const tonicOnly = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const expected = [1 + 0.6 + 0.216, 0, 0, 0, 0, 0, 0, 0.36, 0, 0, 0, 0];
    harmonicProfile(tonicOnly).forEach((v, pc) => expect(v).toBeCloseTo(expected[pc]!, 10));
  });

  it('hears C major, not G major, in a tune that leans on the dominant but never plays F#', () => {
    // Beats per pitch class (C D E F G A B; F natural, no F#), each note sounded with harmonics of amplitude 1/h:
    // the third harmonic of B lands on F#, which a profile of fundamentals alone takes for G major's leading tone.
    const beats = [2, 0, 2, 0, 1, 1, 0, 3, 0, 1, 0, 2];
    const chroma = new Array<number>(12).fill(0);
    beats.forEach((b, pc) => {
      for (let h = 1; h <= 4; h++) chroma[(pc + Math.round(12 * Math.log2(h))) % 12] += b / h;
    });
    expect(estimateKey(chroma).name).toBe('C major');
  });

  it('hears C major, not F major, in a loop that leans on IV but plays B natural and never Bb', () => {
    // F–F–C–F–G (IV–IV–I–IV–V): three bars of F, so the smooth profile alone ranks F major first (r 0.91); the G
    // chord's B natural is F major's raised fourth, and the scale fit (C major's 7 degrees hold all the notes)
    // turns the ranking to C major.
    const loop = withHarmonics(chromaOfTriads([5, 9, 0], [5, 9, 0], [0, 4, 7], [5, 9, 0], [7, 11, 2]));
    expect(estimateKey(loop).name).toBe('C major');
  });

  it('scores the scale fit highest on the key signature whose seven notes sound', () => {
    const cMajorScale = [1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1];
    const fits = Array.from({ length: 12 }, (_, tonic) => scaleFit(cMajorScale, tonic));
    expect(fits[0]).toBeCloseTo(1, 10);
    for (let tonic = 1; tonic < 12; tonic++) expect(fits[tonic]).toBeLessThan(0.7); // neighbours share 6 notes: 0.66
    expect(scaleFit(new Array(12).fill(1), 0)).toBe(0);
  });

  describe('opening and closing chords', () => {
    const cMajor: KeyEstimate = { tonic: 0, mode: 'major', confidence: 0.8, name: 'C major', clarity: 0.9 };
    const chord = (root: number, quality: ChordSegment['quality'], start: number): ChordSegment => ({
      start,
      end: start + 2,
      root,
      quality,
    });

    it('names the relative minor when the song opens on its tonic triad (after a no-chord lead-in)', () => {
      const chords = [chord(-1, 'none', 0), chord(9, 'min', 2), chord(5, 'maj', 4), chord(0, 'maj', 6)];
      expect(withChordAmbiguity(cMajor, chords)).toEqual({ ...cMajor, relativeAmbiguity: 'A minor' });
    });

    it('names the relative major of a minor key when the song closes on its tonic triad', () => {
      const aMinor: KeyEstimate = { tonic: 9, mode: 'minor', confidence: 0.8, name: 'A minor' };
      const chords = [chord(9, 'min', 0), chord(7, 'maj', 2), chord(0, 'maj', 4)];
      expect(withChordAmbiguity(aMinor, chords).relativeAmbiguity).toBe('C major');
    });

    it('leaves a key alone when the song opens and closes elsewhere, or on the other mode of the same root', () => {
      const chords = [chord(0, 'maj', 0), chord(9, 'min', 2), chord(9, 'maj', 4), chord(0, 'maj', 6)];
      expect(withChordAmbiguity(cMajor, chords)).toBe(cMajor);
      expect(withChordAmbiguity(cMajor, [chord(9, 'maj', 0)])).toBe(cMajor);
      expect(withChordAmbiguity(cMajor, [])).toBe(cMajor);
    });
  });

  describe('opening bass', () => {
    // Am (held two bars)–F–C–G as pitch content, each note with its harmonics: the profile reads it as C major,
    // a few hundredths above A minor.
    const loop = withHarmonics(chromaOfTriads([9, 0, 4], [9, 0, 4], [5, 9, 0], [0, 4, 7], [7, 11, 2]));
    const bassOn = (pc: number): number[] => {
      const bass = new Array<number>(12).fill(0);
      bass[pc] = 1;
      bass[(pc + 7) % 12] = 0.2;
      return bass;
    };

    it('turns a near-tie to the relative key whose tonic the opening bass plays', () => {
      const key = estimateKey(loop);
      expect(key.name).toBe('C major');
      expect(withOpeningBass(key, loop, bassOn(9))).toMatchObject({
        tonic: 9,
        mode: 'minor',
        name: 'A minor',
        clarity: 0,
        relativeAmbiguity: 'C major',
      });
    });

    it('keeps the key when the bass opens on its own tonic, on neither tonic, or is silent', () => {
      const key = estimateKey(loop);
      expect(withOpeningBass(key, loop, bassOn(0))).toBe(key);
      expect(withOpeningBass(key, loop, bassOn(5))).toBe(key);
      expect(withOpeningBass(key, loop, new Array(12).fill(0))).toBe(key);
    });

    it('keeps a key the profile clearly prefers to its relative', () => {
      const cadence = withHarmonics(chromaOfTriads([0, 4, 7], [5, 9, 0], [7, 11, 2], [0, 4, 7]));
      const key = estimateKey(cadence);
      expect(key.name).toBe('C major');
      expect(withOpeningBass(key, cadence, bassOn(9))).toBe(key);
    });
  });

  it('maps a key to its relative both ways', () => {
    expect(relativeKey(0, 'major')).toEqual({ tonic: 9, mode: 'minor' });
    expect(relativeKey(9, 'minor')).toEqual({ tonic: 0, mode: 'major' });
  });
});

/** A chroma sum holding the pitch classes of the given chords, each chord once. */
function chromaOfTriads(...chords: number[][]): number[] {
  const chroma = new Array<number>(12).fill(0.05);
  for (const chord of chords) for (const pc of chord) chroma[pc] += 1;
  return chroma;
}

/** `chroma` with each pitch class's harmonics 2–4 added at amplitude 1/h, as a chromagram of played notes has them. */
function withHarmonics(chroma: number[]): number[] {
  const out = new Array<number>(12).fill(0);
  chroma.forEach((v, pc) => {
    for (let h = 1; h <= 4; h++) out[(pc + Math.round(12 * Math.log2(h))) % 12] += v / h;
  });
  return out;
}
