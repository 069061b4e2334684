import type { DimensionComparison } from '../types';
import type { MatchDimension } from '@originality/contracts';
import {
  AGREEING_CHANCE,
  AGREEING_AUDIO_SIMILARITY,
  AGREEING_SPEED_CHANGE,
  GRID_ALONE_CAP,
  HARMONY_ALONE_CAP,
  MELODY_ALONE_OVERWHELMING_CHANCE,
  OVERWHELMING_CHANCE,
  SINGLE_DIMENSION_CAP,
  TRANSFORM_COINCIDENCE,
  calibrateComparison,
  calibratedTrackSimilarity,
  audioAgreesOnTransform,
  combinedChance,
  sameTransform,
  similarityFromChance,
  strongerFirst,
} from './calibrate';
import { NullModel, PRIOR_NULL_MODEL } from './null-model';
import { explainChance } from './explain';

/** A dimension already calibrated: only its chance matters to the track score. */
const D = (dimension: MatchDimension, perTrack: number, n: number, similarity = 0): DimensionComparison => ({
  dimension,
  similarity,
  segments: [],
  transform: { transpositionSemitones: 0, tempoRatio: 1 },
  chance: { perTrack, inCatalogue: perTrack * n },
});

describe('similarityFromChance', () => {
  it('reads 100 at 1 in 10,000, 80 at 1 in 100, 60 at 3 in 100 and at most 50 when ordinary', () => {
    expect(similarityFromChance(1e-9)).toBe(100);
    expect(similarityFromChance(1e-4)).toBe(100);
    expect(similarityFromChance(1e-2)).toBe(80);
    expect(similarityFromChance(10 ** -1.5)).toBe(60);
    expect(similarityFromChance(1)).toBeLessThanOrEqual(50);
    expect(similarityFromChance(100)).toBe(0);
  });

  it('is monotone: a rarer match is never less similar', () => {
    let previous = Infinity;
    for (let e = -6; e <= 3; e += 0.25) {
      const s = similarityFromChance(10 ** e);
      expect(s).toBeLessThanOrEqual(previous);
      previous = s;
    }
  });
});

describe('combinedChance', () => {
  it('is the chance itself for one dimension, and 1 for none', () => {
    expect(combinedChance([0.01])).toBeCloseTo(0.01, 10);
    expect(combinedChance([])).toBe(1);
  });

  it("follows Fisher's method for two agreeing dimensions", () => {
    const p = 0.01 * 0.02;
    expect(combinedChance([0.01, 0.02])).toBeCloseTo(p * (1 - Math.log(p)), 10);
  });

  it('never exceeds the Bonferroni bound when one dimension dominates', () => {
    expect(combinedChance([1e-9, 1])).toBeLessThanOrEqual(2e-9);
  });
});

describe('calibratedTrackSimilarity', () => {
  const n = 1000;

  it('caps one strong dimension without agreement below a high score', () => {
    const s = calibratedTrackSimilarity([D('melody', 2e-6, n), D('harmony', 0.5, n)], n);
    expect(s).toBe(SINGLE_DIMENSION_CAP);
  });

  it('keeps a melody read on the beat grid alone below a flag, unless overwhelming or agreeing', () => {
    const onGrid = (perTrack: number): DimensionComparison => ({ ...D('melody', perTrack, n), onBeatGrid: true });
    expect(calibratedTrackSimilarity([onGrid(2e-6), D('harmony', 0.5, n)], n)).toBe(GRID_ALONE_CAP);
    expect(calibratedTrackSimilarity([onGrid(1e-7), D('harmony', 0.5, n)], n)).toBeGreaterThan(SINGLE_DIMENSION_CAP);
    expect(calibratedTrackSimilarity([onGrid(2e-6), D('harmony', 1e-5, n)], n)).toBeGreaterThan(SINGLE_DIMENSION_CAP);
  });

  it('keeps a shared chord progression alone below a flag', () => {
    const s = calibratedTrackSimilarity([D('melody', 0.5, n), D('chordProgression', 1e-7, n)], n);
    expect(s).toBe(HARMONY_ALONE_CAP);
  });

  it('scores high when melody and harmony agree', () => {
    const s = calibratedTrackSimilarity([D('melody', 1e-6, n), D('harmony', 1e-5, n)], n);
    expect(s).toBeGreaterThan(SINGLE_DIMENSION_CAP);
  });

  it('judges agreement in the catalogue: a harmony one unrelated track in it would match does not agree', () => {
    const s = calibratedTrackSimilarity([D('melody', 2e-6, n), D('harmony', 1 / n, n)], n);
    expect(s).toBe(SINGLE_DIMENSION_CAP);
    // …while one that would be flagged on its own does.
    expect(
      calibratedTrackSimilarity([D('melody', 2e-6, n), D('harmony', AGREEING_CHANCE / n / 2, n)], n),
    ).toBeGreaterThan(SINGLE_DIMENSION_CAP);
  });

  it('lets a melody agree from a weaker level when it moved by the harmony’s transform', () => {
    const at = (d: DimensionComparison, transpositionSemitones: number, tempoRatio: number): DimensionComparison => ({
      ...d,
      transform: { transpositionSemitones, tempoRatio },
    });
    const melody = D('melody', (AGREEING_CHANCE / TRANSFORM_COINCIDENCE / n) * 0.9, n);
    const harmony = at(D('harmony', AGREEING_CHANCE / n / 10, n), 3, 1.12);
    expect(calibratedTrackSimilarity([at(melody, 3, 1.15), harmony], n)).toBeGreaterThan(SINGLE_DIMENSION_CAP);
    // A harmony alignment that found no chords has no transform to agree with, whatever the chord progression says.
    const noChords = at(D('harmony', 1, n), 3, 1.12);
    const progression = D('chordProgression', AGREEING_CHANCE / n / 10, n);
    expect(calibratedTrackSimilarity([at(melody, 3, 1.15), noChords, progression], n)).toBeLessThanOrEqual(
      SINGLE_DIMENSION_CAP,
    );
    // Another transposition, or another tempo, is no agreement at that level.
    expect(calibratedTrackSimilarity([at(melody, 1, 1.15), harmony], n)).toBeLessThanOrEqual(SINGLE_DIMENSION_CAP);
    expect(calibratedTrackSimilarity([at(melody, 3, 1.4), harmony], n)).toBeLessThanOrEqual(SINGLE_DIMENSION_CAP);
  });

  it('lets overwhelming evidence in one dimension stand alone', () => {
    const s = calibratedTrackSimilarity([D('melody', OVERWHELMING_CHANCE / n / 10, n), D('harmony', 1, n)], n);
    expect(s).toBe(100);
  });

  it('lets the chords of a whole song stand alone at OVERWHELMING_CHANCE in the catalogue (doubled for the two readings), not above', () => {
    // A cover whose tune the extractor lost: its harmony alone, 1.5e-7 in the catalogue (GM tuning split, Gymnopédie).
    const cover = [D('melody', 1, n), D('harmony', 1.5e-7 / n, n)];
    expect(calibratedTrackSimilarity(cover, n)).toBe(100);
    // An original's one-chord-a-bar I–V–I aligned over a whole song: 4.3e-6 (TimGM6mb renders, GM held-out split).
    const borrowedChords = [D('melody', 1, n), D('harmony', 4.3e-6 / n, n)];
    expect(calibratedTrackSimilarity(borrowedChords, n)).toBe(HARMONY_ALONE_CAP);
  });

  it('lets a melody alone stand once it reads 90 on its own (a borrowed tune has nothing to agree with)', () => {
    const melody = MELODY_ALONE_OVERWHELMING_CHANCE / n / 10;
    expect(calibratedTrackSimilarity([D('melody', melody, n), D('harmony', 1, n)], n)).toBeGreaterThanOrEqual(90);
    // The harmony family at the same chance stays a building block of a style.
    expect(calibratedTrackSimilarity([D('melody', 1, n), D('chordProgression', melody, n)], n)).toBe(HARMONY_ALONE_CAP);
  });

  it('counts harmony and chord progression as one piece of evidence', () => {
    const both = calibratedTrackSimilarity(
      [D('melody', 1e-5, n), D('harmony', 1e-4, n), D('chordProgression', 1e-4, n)],
      n,
    );
    const one = calibratedTrackSimilarity([D('melody', 1e-5, n), D('harmony', 1e-4, n)], n);
    expect(both).toBeLessThanOrEqual(one);
  });

  it('leaves rhythm and tempo out, and lets reused audio dominate', () => {
    expect(calibratedTrackSimilarity([D('rhythm', 1e-9, n), D('tempo', 1e-9, n)], n)).toBe(0);
    const exact: DimensionComparison = { ...D('exactAudio', 1, n, 97) };
    expect(calibratedTrackSimilarity([exact, D('melody', 0.3, n)], n)).toBe(97);
  });
});

describe('sameTransform', () => {
  const T = (dimension: MatchDimension, transpositionSemitones: number, tempoRatio: number): DimensionComparison => ({
    dimension,
    similarity: 50,
    segments: [],
    transform: { transpositionSemitones, tempoRatio },
  });

  it('takes transpositions an octave apart, and harmony at half or double the beat, as one transform', () => {
    expect(sameTransform([T('melody', -9, 0.9), T('harmony', 3, 0.95)])).toBe(true);
    expect(sameTransform([T('melody', 2, 1.1), T('harmony', 2, 0.55)])).toBe(true);
  });

  it('tells another transposition or tempo apart, and needs both alignments', () => {
    expect(sameTransform([T('melody', 2, 1), T('harmony', 3, 1)])).toBe(false);
    expect(sameTransform([T('melody', 0, 1.25), T('harmony', 0, 1)])).toBe(false);
    expect(sameTransform([T('melody', 0, 1)])).toBe(false);
  });
});

describe('the recording found under the harmony’s pitch shift or tempo change', () => {
  const n = 50;
  const at = (d: DimensionComparison, transpositionSemitones: number, tempoRatio = 1): DimensionComparison => ({
    ...d,
    transform: { transpositionSemitones, tempoRatio },
  });
  const exact = (similarity: number, semitones: number, tempoRatio = 1): DimensionComparison => ({
    ...at(D('exactAudio', 1, n, similarity), semitones, tempoRatio),
    chance: undefined,
  });
  // Chords aligned at 1e-5 in the catalogue, the melody not recovered, the audio found at 30 under a +3 shift.
  const chords = at(D('harmony', 2e-7, n), 3, 1.04);
  const melody = at(D('melody', 0.012, n), 3, 1.27);

  it('counts as agreement: the chords’ similarity stands instead of the harmony-alone cap', () => {
    expect(audioAgreesOnTransform([melody, chords, exact(30, 3)])).toBe(true);
    expect(calibratedTrackSimilarity([melody, chords, exact(30, 3)], n)).toBeGreaterThanOrEqual(95);
    expect(calibratedTrackSimilarity([melody, chords], n)).toBeLessThanOrEqual(HARMONY_ALONE_CAP);
  });

  it('needs a shift, the same one as the chords', () => {
    expect(audioAgreesOnTransform([chords, exact(30, 0)])).toBe(false);
    expect(audioAgreesOnTransform([chords, exact(30, -2)])).toBe(false);
    expect(audioAgreesOnTransform([chords, exact(0, 3)])).toBe(false);
    expect(calibratedTrackSimilarity([melody, at(chords, 0), exact(30, 0)], n)).toBeLessThanOrEqual(HARMONY_ALONE_CAP);
  });

  it('needs the audio to stand on its own evidence: a faint reading under the chords’ shift is no agreement', () => {
    expect(audioAgreesOnTransform([chords, exact(AGREEING_AUDIO_SIMILARITY, 3)])).toBe(true);
    expect(audioAgreesOnTransform([chords, exact(4, 3)])).toBe(false);
    expect(calibratedTrackSimilarity([melody, chords, exact(4, 3)], n)).toBeLessThanOrEqual(HARMONY_ALONE_CAP);
  });

  it('counts a tempo change the chords share too, but not one within AGREEING_SPEED_CHANGE of the original', () => {
    const stretched = at(D('harmony', 2e-7, n), 0, 1.145);
    expect(audioAgreesOnTransform([stretched, exact(70, 0, 1.153)])).toBe(true);
    expect(calibratedTrackSimilarity([stretched, exact(70, 0, 1.153)], n)).toBeGreaterThanOrEqual(95);
    const near = at(D('harmony', 2e-7, n), 0, 1.02);
    expect(audioAgreesOnTransform([near, exact(70, 0, 1 + AGREEING_SPEED_CHANGE / 2)])).toBe(false);
    expect(audioAgreesOnTransform([stretched, exact(70, 0, 0.87)])).toBe(false);
  });

  it('needs the chords aligned in the catalogue', () => {
    const ordinary = at(D('harmony', 0.01, n), 3, 1.04);
    expect(calibratedTrackSimilarity([melody, ordinary, exact(30, 3)], n)).toBeLessThanOrEqual(HARMONY_ALONE_CAP);
  });
});

describe('calibrateComparison', () => {
  it('reports each calibrated dimension’s chance per track and in the catalogue, and reads the similarity from it', () => {
    const model = new NullModel(PRIOR_NULL_MODEL);
    const raw: DimensionComparison = {
      dimension: 'melody',
      similarity: 90,
      segments: [],
      transform: { transpositionSemitones: 0, tempoRatio: 1 },
      evidence: { score: 12, cells: 60 * 60 },
    };
    const tempo: DimensionComparison = { ...raw, dimension: 'tempo', similarity: 100, evidence: undefined };
    const out = calibrateComparison({ similarity: 90, dimensions: [raw, tempo] }, model, 200);
    const melody = out.dimensions[0]!;
    const perTrack = model.perTrack('melody', raw.evidence);
    expect(melody.chance).toEqual({ perTrack, inCatalogue: perTrack * 200 });
    expect(melody.similarity).toBe(similarityFromChance(perTrack * 200));
    expect(out.dimensions[1]).toBe(tempo);
  });

  it('reads the melody family: the smaller chance of the notes and the beat grid, doubled, with its transform', () => {
    const model = new NullModel(PRIOR_NULL_MODEL);
    const notes: DimensionComparison = {
      dimension: 'melody',
      similarity: 10,
      segments: [],
      transform: { transpositionSemitones: 5, tempoRatio: 0.7 },
      evidence: { score: 2, cells: 60 * 60 },
    };
    const grid = {
      evidence: { score: 30, cells: 80 * 80 },
      transform: { transpositionSemitones: -3, tempoRatio: 1.1 },
      segments: [{ query: { start: 1, end: 20 }, reference: { start: 40, end: 61 } }],
    };
    const byGrid = model.perTrack('melodyGrid', grid.evidence);
    expect(byGrid).toBeLessThan(model.perTrack('melody', notes.evidence));
    const melody = calibrateComparison({ similarity: 10, dimensions: [{ ...notes, grid }] }, model, 50).dimensions[0]!;
    expect(melody.chance!.perTrack).toBeCloseTo(2 * byGrid, 12);
    expect(melody.transform).toEqual(grid.transform);
    expect(melody.segments).toEqual(grid.segments);
    expect(melody.grid).toBeUndefined();
    // Where the notes are the stronger reading, they keep their own transform.
    const weakGrid = { ...grid, evidence: { score: 0, cells: 1 } };
    const kept = calibrateComparison({ similarity: 10, dimensions: [{ ...notes, grid: weakGrid }] }, model, 50);
    expect(kept.dimensions[0]!.transform).toEqual(notes.transform);
    expect(kept.dimensions[0]!.chance!.perTrack).toBeCloseTo(2 * model.perTrack('melody', notes.evidence), 12);
  });

  it("reads the harmony's two readings: the smaller chance of Qmax and the beat-by-beat run, doubled", () => {
    const model = new NullModel(PRIOR_NULL_MODEL);
    const qmax: DimensionComparison = {
      dimension: 'harmony',
      similarity: 10,
      segments: [],
      transform: { transpositionSemitones: 2, tempoRatio: 1 },
      evidence: { score: 3, cells: 60 * 300 },
    };
    const run = {
      evidence: { score: 6, cells: 64 * 300 },
      transform: { transpositionSemitones: 2, tempoRatio: 1.1 },
      segments: [{ query: { start: 0, end: 30 }, reference: { start: 50, end: 83 } }],
    };
    const byRun = model.perTrack('harmonyRun', run.evidence);
    expect(byRun).toBeLessThan(model.perTrack('harmony', qmax.evidence));
    const harmony = calibrateComparison({ similarity: 10, dimensions: [{ ...qmax, run }] }, model, 50).dimensions[0]!;
    expect(harmony.chance!.perTrack).toBeCloseTo(2 * byRun, 12);
    expect(harmony.transform).toEqual(run.transform);
    expect(harmony.segments).toEqual(run.segments);
    expect(harmony.run).toBeUndefined();
    // Where Qmax is the stronger reading, it keeps its own transform.
    const weakRun = { ...run, evidence: { score: 0, cells: 1 } };
    const kept = calibrateComparison({ similarity: 10, dimensions: [{ ...qmax, run: weakRun }] }, model, 50);
    expect(kept.dimensions[0]!.transform).toEqual(qmax.transform);
    expect(kept.dimensions[0]!.chance!.perTrack).toBeCloseTo(2 * model.perTrack('harmony', qmax.evidence), 12);
  });

  it('lets the beat-by-beat run agree with a melody but never stand alone', () => {
    const model = new NullModel(PRIOR_NULL_MODEL);
    const transform = { transpositionSemitones: 2, tempoRatio: 1 };
    const harmony: DimensionComparison = {
      dimension: 'harmony',
      similarity: 10,
      segments: [],
      transform,
      evidence: { score: 0, cells: 60 * 300 },
      run: { evidence: { score: 40, cells: 64 * 300 }, transform, segments: [] },
    };
    const alone = calibrateComparison({ similarity: 10, dimensions: [harmony] }, model, 50);
    expect(alone.dimensions[0]!.chance!.inCatalogue).toBeLessThan(OVERWHELMING_CHANCE);
    expect(alone.similarity).toBeLessThanOrEqual(HARMONY_ALONE_CAP);
    const melody: DimensionComparison = {
      dimension: 'melody',
      similarity: 50,
      segments: [],
      transform,
      evidence: { score: 26, cells: 80 * 80 },
    };
    const agreed = calibrateComparison({ similarity: 10, dimensions: [melody, harmony] }, model, 50);
    const melodyChance = agreed.dimensions[0]!.chance!.inCatalogue;
    expect(melodyChance).toBeLessThan(AGREEING_CHANCE);
    expect(melodyChance).toBeGreaterThan(MELODY_ALONE_OVERWHELMING_CHANCE);
    expect(agreed.similarity).toBeGreaterThanOrEqual(90);
  });

  it('gives no similarity to a dimension without evidence', () => {
    const none: DimensionComparison = {
      dimension: 'harmony',
      similarity: 0,
      segments: [],
      transform: { transpositionSemitones: 0, tempoRatio: 1 },
    };
    const out = calibrateComparison({ similarity: 0, dimensions: [none] }, new NullModel(PRIOR_NULL_MODEL), 3);
    expect(out.dimensions[0]!.similarity).toBe(0);
    expect(out.dimensions[0]!.chance).toEqual({ perTrack: 1, inCatalogue: 3 });
    expect(out.similarity).toBe(0);
  });
});

describe('explainChance', () => {
  it('puts the chance in words', () => {
    expect(explainChance(5e-5)).toBe('a match this close happens by chance in fewer than 1 in 10,000 tracks');
    expect(explainChance(0.2)).toBe('about 1 in 5 unrelated tracks match this closely');
    expect(explainChance(0.7)).toBe('unrelated tracks commonly match this closely');
  });
});

describe('strongerFirst', () => {
  const n = 45;
  const exactCopy = { similarity: 100, dimensions: [D('exactAudio', 1, n, 100), D('harmony', 1e-3, n, 90)] };
  const chordsAlone = { similarity: 100, dimensions: [D('harmony', 1e-9, n, 100)] };

  it('lists the more similar track first', () => {
    const weaker = { similarity: 99, dimensions: [D('exactAudio', 1, n, 99)] };
    expect([weaker, exactCopy].sort(strongerFirst)).toEqual([exactCopy, weaker]);
  });

  it('puts a track whose audio is reused before one as similar through its chords alone, in either input order', () => {
    expect([chordsAlone, exactCopy].sort(strongerFirst)).toEqual([exactCopy, chordsAlone]);
    expect([exactCopy, chordsAlone].sort(strongerFirst)).toEqual([exactCopy, chordsAlone]);
  });

  it('puts the less likely evidence first among equally similar tracks with the same audio reading', () => {
    const likelier = { similarity: 100, dimensions: [D('melody', 1e-6, n, 100)] };
    expect([likelier, chordsAlone].sort(strongerFirst)).toEqual([chordsAlone, likelier]);
  });
});
