import { compareMelodies } from './compare-melody';
import { compareHarmony } from './compare-harmony';
import { compareChordProgressions } from './compare-chords';
import { compareRhythm, compareTempo } from './compare-rhythm';
import {
  AGREEING_HINT_SIMILARITY,
  SPEED_SEARCH_STEP,
  TRANSFORMED_PEAKS_SIMILARITY,
  TRANSFORM_HINT_SIMILARITY,
  WEAK_HINT_PEAKS,
  compareExactAudio,
  compareTracks,
  reuseTransforms,
  indexedTransforms,
} from './compare';
import { MAX_REUSE_SEMITONES, REUSE_SPEED_RANGE, asReuseHint, atPlausibleTempo } from './plausible-transforms';
import { FP_FRAME_SEC } from '../signal/landmarks';
import { buildPriorArt } from './prior-art';
import {
  FOUR_ON_THE_FLOOR,
  I_V_vi_IV,
  aKey,
  aMelody,
  aRhythm,
  aTrack,
  landmarksOf,
  somePeaks,
  transformMelody,
} from '../../testing/match-fixtures';
import type { BeatChroma, DimensionComparison, Fingerprints, TrackFeatures } from '../types';

const dim = (features: ReturnType<typeof compareTracks>, name: string) =>
  features.dimensions.find((d) => d.dimension === name)!;

/** A catalogue where the I–V–vi–IV loop is common and every other progression is drawn per track. */
function catalogueWithCommonLoop(): TrackFeatures[] {
  const tracks = Array.from({ length: 30 }, (_, i) =>
    aTrack({ seed: 100 + i, key: aKey(i % 12), progression: i % 3 === 0 ? I_V_vi_IV : undefined }),
  );
  return tracks;
}

describe('melody comparison', () => {
  const original = aMelody(1, 60);

  it('aligns a melody transposed +3 and slowed 10 % and reports the transform', () => {
    const cover = transformMelody(original.slice(10, 50), 3, 0.9, 7);
    const m = compareMelodies(cover, original);
    expect(m.similarity).toBeGreaterThanOrEqual(90);
    expect(m.transform.transpositionSemitones).toBe(3);
    expect(m.transform.tempoRatio).toBeCloseTo(0.9, 2);
    expect(m.segments[0].query.start).toBeCloseTo(cover[0].start, 1);
    expect(m.segments[0].reference.start).toBeCloseTo(original[10].start, 1);
  });

  it('scores an unrelated melody low', () => {
    expect(compareMelodies(aMelody(2, 60), original).similarity).toBeLessThan(35);
  });

  it('survives a few wrong notes', () => {
    const edited = original.map((n, i) => (i % 9 === 4 ? { ...n, pitch: n.pitch + 5 } : n));
    expect(compareMelodies(edited, original).similarity).toBeGreaterThan(60);
  });
});

describe('harmony comparison', () => {
  it('finds the same chords transposed by the optimal transposition index', () => {
    const ref = aTrack({ seed: 3, key: aKey(0), bars: 16 });
    const q = aTrack({ seed: 3, key: aKey(5), bars: 16 });
    const h = compareHarmony(q.beatChroma, ref.beatChroma);
    expect(h.transform.transpositionSemitones).toBe(5);
    expect(h.similarity).toBeGreaterThan(80);
  });

  it('finds the same chords when one track was beat-tracked in double time', () => {
    const ref = aTrack({ seed: 3, key: aKey(0), bars: 16 });
    const q = aTrack({ seed: 3, key: aKey(2), bars: 16 }).beatChroma;
    const doubleTime: BeatChroma = {
      data: Float32Array.from({ length: q.data.length * 2 }, (_, i) => q.data[Math.floor(i / 24) * 12 + (i % 12)]),
      beats: q.beats * 2,
      beatTimes: Float32Array.from(
        { length: q.beats * 2 },
        (_, i) => q.beatTimes[0] + (i * (q.beatTimes[1] - q.beatTimes[0])) / 2,
      ),
    };
    expect(compareHarmony(doubleTime, ref.beatChroma).similarity).toBeGreaterThan(80);
    expect(compareHarmony(ref.beatChroma, doubleTime).similarity).toBeGreaterThan(80);
  });

  it('gives a track with other chords a low score', () => {
    const ref = aTrack({
      seed: 3,
      bars: 16,
      progression: [
        [0, 'maj'],
        [5, 'maj'],
        [7, 'maj'],
        [9, 'min'],
      ],
    });
    const q = aTrack({
      seed: 4,
      bars: 16,
      progression: [
        [2, 'min'],
        [4, 'min'],
        [10, 'maj'],
        [3, 'maj'],
      ],
    });
    expect(compareHarmony(q.beatChroma, ref.beatChroma).similarity).toBeLessThan(30);
  });
});

describe('chord progression comparison', () => {
  const catalogue = catalogueWithCommonLoop();
  const priorArt = buildPriorArt(catalogue);

  it('gives a common I–V–vi–IV loop (a third of the catalogue uses it) little weight', () => {
    const q = aTrack({ seed: 7, key: aKey(2), progression: I_V_vi_IV });
    const c = compareChordProgressions(q, catalogue[0], priorArt);
    expect(c.similarity).toBeLessThan(35);
    expect(c.transform.transpositionSemitones).toBe(2);
  });

  it('gives a shared rare progression a high score whatever the key', () => {
    const ref = catalogue[1];
    const q = aTrack({ seed: 8, key: aKey(7), progression: undefined });
    const refProgression = degreesOf(ref);
    const copy = aTrack({ seed: 8, key: aKey(7), progression: refProgression });
    expect(compareChordProgressions(copy, ref, priorArt).similarity).toBeGreaterThan(60);
    expect(compareChordProgressions(q, ref, priorArt).similarity).toBeLessThan(
      compareChordProgressions(copy, ref, priorArt).similarity,
    );
  });
});

function degreesOf(t: TrackFeatures): [number, 'maj' | 'min'][] {
  return t.chords
    .slice(0, 4)
    .map((c) => [(((c.root - t.key.tonic) % 12) + 12) % 12, c.quality === 'min' ? 'min' : 'maj']);
}

describe('rhythm and tempo comparison', () => {
  it('weighs a four-on-the-floor pattern that many catalogue tracks share less than a rare one', () => {
    const common = Array.from({ length: 10 }, (_, i) => aTrack({ seed: 200 + i, rhythm: FOUR_ON_THE_FLOOR() }));
    const rare = aTrack({ seed: 300, rhythm: aRhythm([0, 3, 7, 10, 13], [0, 10]) });
    const priorArt = buildPriorArt([...common, rare]);
    const q1 = aTrack({ seed: 301, rhythm: FOUR_ON_THE_FLOOR() });
    // The rare one read from another downbeat (bars counted from its second beat).
    const q2 = aTrack({ seed: 302, rhythm: aRhythm([12, 15, 3, 6, 9], [12, 6]) });
    const onFloor = compareRhythm(q1, common[0], priorArt).similarity;
    const onRare = compareRhythm(q2, rare, priorArt).similarity;
    expect(onRare).toBeGreaterThan(90);
    expect(onFloor).toBeLessThan(15);
  });

  it('matches a pattern under each of the 4 beat rotations and the off-beat shift, not under a sixteenth shift', () => {
    const steps = [0, 6, 8, 12, 14];
    const ref = aTrack({ seed: 310, rhythm: aRhythm(steps, [0, 8]) });
    const priorArt = buildPriorArt([ref]);
    const shifted = (by: number) =>
      aTrack({
        seed: 311,
        rhythm: aRhythm(
          steps.map((s) => (s + by) % 16),
          [by % 16, (8 + by) % 16],
        ),
      });
    for (const by of [0, 4, 8, 12, 2]) expect(compareRhythm(shifted(by), ref, priorArt).similarity).toBeGreaterThan(90);
    expect(compareRhythm(shifted(1), ref, priorArt).similarity).toBeLessThan(50);
  });

  it('treats double time as the same tempo and 10 % apart as different', () => {
    const ref = aTrack({ seed: 1, bpm: 120 });
    expect(compareTempo(aTrack({ seed: 1, bpm: 60 }), ref).similarity).toBe(100);
    expect(compareTempo(aTrack({ seed: 1, bpm: 132 }), ref).similarity).toBeLessThan(10);
  });
});

describe('compareTracks', () => {
  const catalogue = catalogueWithCommonLoop();
  const priorArt = buildPriorArt(catalogue);
  const ref = catalogue[0]; // uses I–V–vi–IV

  it('does not call the same chord progression under a new melody a strong match', () => {
    const q = aTrack({ seed: 999, key: ref.key, bpm: ref.tempoBpm, progression: I_V_vi_IV });
    const c = compareTracks(q, ref, priorArt);
    expect(dim(c, 'harmony').similarity).toBeGreaterThan(50);
    expect(c.similarity).toBeLessThan(60);
  });

  it('calls the same melody over other chords, transposed and slower, a strong match', () => {
    const q = aTrack({ seed: 998, key: aKey(3), bpm: 108, melody: transformMelody(ref.melody, 3, 0.9) });
    const c = compareTracks(q, ref, priorArt);
    expect(dim(c, 'melody').transform.transpositionSemitones).toBe(3);
    expect(c.similarity).toBeGreaterThanOrEqual(80);
  });

  it('gives the same results whatever earlier comparisons left in its reused matrices', () => {
    // Shares bars 4–9 of the reference's chord loop and a 14-note phrase of its melody, transposed.
    const phrase = transformMelody(ref.melody.slice(30, 44), 2, 1, 10 - ref.melody[30].start);
    const after = phrase[phrase.length - 1].start + 1;
    const q = aTrack({
      seed: 997,
      key: aKey(2),
      bars: 12,
      melody: [
        ...aMelody(50, 20, { tonic: 2 }).filter((n) => n.start < 10),
        ...phrase,
        ...aMelody(51, 30, { tonic: 2, start: after }),
      ],
      progression: [[2, 'min'], [4, 'min'], [10, 'maj'], [3, 'maj'], ...I_V_vi_IV, ...I_V_vi_IV.slice(0, 2)],
    });
    // One repeated note over two alternating chords: compared with each other, nearly every DP cell is high.
    const repetitive = (bars: number) =>
      aTrack({
        seed: 5,
        bars,
        progression: [
          [0, 'maj'],
          [5, 'maj'],
        ],
        melody: Array.from({ length: bars * 8 }, (_, i) => ({ start: i / 4, duration: 0.2, pitch: 60 })),
      });
    const pairs = [
      [q, ref],
      [ref, q],
    ];
    const clean = pairs.map(([a, b]) => compareTracks(a, b, priorArt));
    const partial = clean[0].dimensions.filter((d) => d.segments.length > 0 && d.similarity < 100);
    expect(partial.map((d) => d.dimension)).toEqual(expect.arrayContaining(['melody', 'harmony', 'chordProgression']));
    // Earlier matrices wider, narrower and taller than the next one.
    for (const [bars, refBars] of [
      [40, 40],
      [48, 3],
      [3, 48],
    ])
      pairs.forEach(([a, b], k) => {
        compareTracks(repetitive(bars), repetitive(refBars), priorArt);
        expect(compareTracks(a, b, priorArt)).toEqual(clean[k]);
      });
  });
});

/** A 100 % alignment of `dimension` at `tempoRatio`, untransposed. */
const at = (dimension: 'melody' | 'harmony', tempoRatio: number): DimensionComparison => ({
  dimension,
  similarity: 100,
  segments: [],
  transform: { transpositionSemitones: 0, tempoRatio },
});

describe('atPlausibleTempo', () => {
  it('keeps alignments at tempo ratios a cover uses, and harmony read at half or double the beat level', () => {
    for (const ratio of [0.8, 0.92, 1, 1.2, 1.25]) expect(atPlausibleTempo(at('melody', ratio)).similarity).toBe(100);
    for (const ratio of [2, 0.5, 1.1]) expect(atPlausibleTempo(at('harmony', ratio)).similarity).toBe(100);
  });

  it('drops an alignment at 1.53× tempo and fades one just outside the range', () => {
    expect(atPlausibleTempo(at('melody', 1.53)).similarity).toBe(0);
    expect(atPlausibleTempo(at('harmony', 1.53)).similarity).toBe(0);
    expect(atPlausibleTempo(at('melody', 0.6)).similarity).toBe(0);
    const justOutside = atPlausibleTempo(at('melody', 1.28)).similarity;
    expect(justOutside).toBeGreaterThan(0);
    expect(justOutside).toBeLessThan(100);
  });

  it('takes the evidence the null model calibrates down with the similarity', () => {
    const withEvidence = (ratio: number) => ({ ...at('melody', ratio), evidence: { score: 30, cells: 2500 } });
    expect(atPlausibleTempo(withEvidence(1.53)).evidence).toEqual({ score: 0, cells: 2500 });
    expect(atPlausibleTempo(withEvidence(1.1)).evidence).toEqual({ score: 30, cells: 2500 });
    const faded = atPlausibleTempo(withEvidence(1.28)).evidence!.score;
    expect(faded).toBeGreaterThan(0);
    expect(faded).toBeLessThan(30);
  });
});

describe('asReuseHint', () => {
  const tempo = (ratio: number): DimensionComparison => ({ ...at('melody', ratio), dimension: 'tempo' });

  it('keeps an alignment measured a few percent beyond the range as found, so the copy is looked for', () => {
    // A copy at 125 % whose tune aligned at ×1.305: faded, it suggests nothing; as a hint, the beat's speed is tried.
    expect(reuseTransforms([atPlausibleTempo(at('melody', 1.305))], tempo(1.244))).toEqual([]);
    expect(asReuseHint(at('melody', 1.305)).similarity).toBe(100);
    expect(reuseTransforms([asReuseHint(at('melody', 1.305))], tempo(1.244))).toContainEqual({
      semitones: 0,
      speed: 1.244,
    });
    expect(asReuseHint(at('melody', 0.75)).similarity).toBe(100);
  });

  it('fades an alignment far beyond the range as atPlausibleTempo does, and tries no speed it measured there', () => {
    expect(asReuseHint(at('melody', 1.53)).similarity).toBe(0);
    expect(asReuseHint(at('melody', 0.72)).similarity).toBe(0);
    expect(asReuseHint(at('melody', 0.6)).similarity).toBe(0);
    const speeds = reuseTransforms([asReuseHint(at('melody', 1.33))], tempo(1.33)).map((t) => t.speed);
    expect(speeds).not.toContain(1.33);
    expect(Math.max(...speeds)).toBeLessThanOrEqual(1.3);
  });
});

describe('reuseTransforms', () => {
  const aligned = (dimension: 'melody' | 'harmony', semitones: number, tempoRatio: number, similarity = 60) => ({
    dimension,
    similarity,
    segments: [],
    transform: { transpositionSemitones: semitones, tempoRatio },
  });
  const tempo = (ratio: number): DimensionComparison => ({ ...aligned('melody', 0, ratio), dimension: 'tempo' });
  /** A transform whose speed is tied to its pitch, as a resampling's is. */
  const resampling = (t: { semitones: number; speed: number }) => Math.abs(t.speed - 2 ** (t.semitones / 12)) < 1e-12;
  const RESAMPLE_STEPS = 5;
  const speedsAt = (transforms: { semitones: number; speed: number }[], semitones: number) =>
    transforms.filter((t) => t.semitones === semitones).map((t) => t.speed);

  it('tries nothing when no musical dimension suggests a copy', () => {
    expect(reuseTransforms([aligned('melody', 0, 1.2, 39), aligned('harmony', 0, 1.2, 10)], tempo(1.2))).toEqual([]);
  });

  /** A dimension aligned at `semitones` whose stretch places the query at `offset` seconds into the reference. */
  const placed = (dimension: 'melody' | 'harmony', semitones: number, similarity: number, offset: number) => ({
    ...aligned(dimension, semitones, 1, similarity),
    segments: [{ query: { start: 2, end: 20 }, reference: { start: 2 + offset, end: 20 + offset } }],
  });

  it('tries the transposition the tune and the chords agree on, where they place the copy, at the same speed', () => {
    const both = [placed('melody', -2, 33, 29.8), placed('harmony', -2, 25, 29)];
    expect(reuseTransforms(both, tempo(1.3))).toEqual([{ semitones: -2, speed: 1 }]);
  });

  it('tries no agreed transposition below the hint, apart in key or in time, at 0 or beyond the reuse range', () => {
    const tried = (m: number, h: number, similarity = 30, offsets = [10, 11]) =>
      reuseTransforms(
        [placed('melody', m, similarity, offsets[0]!), placed('harmony', h, similarity, offsets[1]!)],
        tempo(1),
      );
    expect(tried(-2, -2)).toEqual([{ semitones: -2, speed: 1 }]);
    expect(tried(-2, -2, AGREEING_HINT_SIMILARITY - 1)).toEqual([]);
    expect(tried(-2, 3)).toEqual([]);
    expect(tried(-2, -2, 30, [10, 40])).toEqual([]);
    expect(tried(0, 0)).toEqual([]);
    expect(tried(5, 5)).toEqual([]);
  });

  /** A dimension aligned untransposed at `tempoRatio` over a stretch of the reference, at `similarity`. */
  const stretched = (dimension: 'melody' | 'harmony', tempoRatio: number, similarity: number, semitones = 0) => ({
    ...placed(dimension, semitones, similarity, 30),
    transform: { transpositionSemitones: semitones, tempoRatio },
  });

  it("tries the beat tracker's speed, under the peaks' rule, when the chords align untransposed near it", () => {
    expect(reuseTransforms([stretched('harmony', 1.242, 30)], tempo(1.244))).toEqual([
      { semitones: 0, speed: 1.244, confirmByPeaks: true },
    ]);
    expect(reuseTransforms([stretched('melody', 0.83, 22)], tempo(0.81))).toEqual([
      { semitones: 0, speed: 0.81, confirmByPeaks: true },
    ]);
  });

  it("tries no measured stretch below the hint, transposed, at another speed than the beat's, or with none", () => {
    const tried = (d: DimensionComparison, beat: number) => reuseTransforms([d], tempo(beat));
    expect(tried(stretched('harmony', 1.242, AGREEING_HINT_SIMILARITY - 1), 1.244)).toEqual([]);
    expect(tried(stretched('harmony', 1.242, 30, 2), 1.244)).toEqual([]);
    expect(tried(stretched('harmony', 1.15, 30), 1.244)).toEqual([]);
    expect(tried(stretched('harmony', 1.004, 30), 1.005)).toEqual([]);
    expect(tried(stretched('harmony', 1.45, 30), 1.45)).toEqual([]);
    expect(tried({ ...stretched('harmony', 1.242, 30), segments: [] }, 1.244)).toEqual([]);
  });

  it('takes a speed measured just beyond the plausible range (a copy at 125 % read as 1.256)', () => {
    const speeds = speedsAt(reuseTransforms([aligned('harmony', 0, 1.256)], tempo(1.26)), 0);
    expect(speeds).toEqual(expect.arrayContaining([1.256, 1.26]));
    expect(speedsAt(reuseTransforms([aligned('harmony', 0, 1.4)], tempo(1.4)), 0)).not.toContain(1.4);
  });

  it('searches every speed of the plausible range within half a step when the pitch is unchanged', () => {
    const speeds = speedsAt(reuseTransforms([aligned('harmony', 0, 1.05)], tempo(0.8)), 0);
    for (let v = REUSE_SPEED_RANGE.min; v <= REUSE_SPEED_RANGE.max; v += 0.005) {
      const nearest = Math.min(...[1, ...speeds].map((s) => Math.abs(Math.log(v / s))));
      expect(nearest).toBeLessThanOrEqual(Math.log(SPEED_SEARCH_STEP) / 2 + 1e-9);
    }
  });

  it('does not search speeds when the alignments found a transposition (a time-stretched copy keeps its pitch)', () => {
    const transforms = reuseTransforms([aligned('harmony', -3, 1.06), aligned('melody', 2, 1.06)], tempo(1.05));
    const withinCoverShifts = transforms.filter((t) => !resampling(t) && Math.abs(t.semitones) <= MAX_REUSE_SEMITONES);
    expect(withinCoverShifts.map((t) => t.speed).sort()).toEqual([1, 1, 1.05, 1.05, 1.06, 1.06]);
  });

  it('tries a pitch shift of up to an octave, an octave either way too, at the original speed only', () => {
    const shifts = (semitones: number) =>
      reuseTransforms([aligned('melody', semitones, 1.06)], tempo(1.06))
        .filter((t) => !resampling(t) && Math.abs(t.semitones) > MAX_REUSE_SEMITONES)
        .sort((a, b) => a.semitones - b.semitones);
    // Chroma reads a copy 9 semitones up as 3 down, and one 7 down as 5 up.
    expect(shifts(-3)).toEqual([{ semitones: 9, speed: 1 }]);
    expect(shifts(5)).toEqual([
      { semitones: -7, speed: 1 },
      { semitones: 5, speed: 1 },
    ]);
    expect(shifts(0)).toEqual([
      { semitones: -12, speed: 1 },
      { semitones: 12, speed: 1 },
    ]);
    expect(reuseTransforms([aligned('melody', 5, 1, TRANSFORM_HINT_SIMILARITY - 1)], tempo(1))).toEqual([]);
  });

  it('tries a copy resampled to 80 or 125 % (3.86 semitones, read as 4) at its fractional shift', () => {
    const resampled = (semitones: number, speed: number) =>
      reuseTransforms([aligned('harmony', semitones, speed)], tempo(speed)).filter((t) => t.speed === speed);
    expect(resampled(4, 1.25)).toEqual([{ semitones: 12 * Math.log2(1.25), speed: 1.25 }]);
    expect(resampled(-4, 0.8)).toEqual([{ semitones: 12 * Math.log2(0.8), speed: 0.8 }]);
    // Read an octave off (8 for −4), as chroma may.
    expect(resampled(8, 0.8)).toEqual([{ semitones: 12 * Math.log2(0.8), speed: 0.8 }]);
  });

  it("tries a resampled copy's pitch within half a semitone of each hinted shift, its speed tied to it", () => {
    // A copy resampled to 122 % (3.44 st) read +3 by its chords, at ×1.07, and at ×0.92 by the beat tracker.
    const tried = reuseTransforms([aligned('harmony', 3, 1.07)], tempo(0.92));
    const copy = tried.find((t) => Math.abs(t.semitones - 3.4) < 1e-9);
    expect(copy?.speed).toBeCloseTo(2 ** (3.4 / 12), 9);
    expect(tried.filter(resampling).length).toBeGreaterThanOrEqual(RESAMPLE_STEPS);
    // None beyond the plausible speeds: +4.4 st is 1.29 (tried), +8 ± 0.4 is not.
    const far = reuseTransforms([aligned('harmony', -4, 1)], tempo(1)).filter((t) => t.speed !== 1);
    expect(far.map((t) => Math.round(t.semitones * 10) / 10).sort((a, b) => a - b)).toEqual([
      -4.4, -4.2, -4, -3.8, -3.6,
    ]);
  });
});

describe('indexedTransforms', () => {
  it("tries the index's pitch shift at the original speed, under the peaks' rule, after the hinted transforms", () => {
    expect(indexedTransforms([{ semitones: 0, speed: 1.1 }], { pitchedShift: -2 })).toEqual([
      { semitones: -2, speed: 1, confirmByPeaks: true },
    ]);
  });

  it("tries the index's speed at the original pitch, under the peaks' rule", () => {
    expect(indexedTransforms([{ semitones: 2, speed: 1.1 }], { stretchedSpeed: 1.1 })).toEqual([
      { semitones: 0, speed: 1.1, confirmByPeaks: true },
    ]);
  });

  it('adds nothing without a transform, or when a hinted transform tried it', () => {
    expect(indexedTransforms([], {})).toEqual([]);
    expect(indexedTransforms([{ semitones: -2, speed: 1 }], { pitchedShift: -2 })).toEqual([]);
    expect(indexedTransforms([{ semitones: -2, speed: 1.1 }], { pitchedShift: -2 })).toHaveLength(1);
    expect(indexedTransforms([{ semitones: 0, speed: 0.852 }], { stretchedSpeed: 0.849 })).toEqual([]);
    expect(indexedTransforms([{ semitones: 0, speed: 0.874 }], { stretchedSpeed: 0.849 })).toHaveLength(1);
  });
});

describe('compareExactAudio through a transform', () => {
  const second = Math.round(1 / FP_FRAME_SEC);
  const features = (fingerprints: Fingerprints, durationSec: number) =>
    ({ fingerprints, durationSec }) as TrackFeatures;

  // A reference of 60 s; copies of its stretch from 30 s a semitone down.
  const reference = somePeaks(1, 60, 12);
  const ref = features(landmarksOf(reference, reference, 5), 60);
  const ratio = 2 ** (-1 / 12);
  const copiedFor = (seconds: number) =>
    reference
      .filter(([frame]) => frame >= 30 * second && frame < (30 + seconds) * second)
      .map(([frame, bin]): [number, number] => [frame - 30 * second, Math.round(bin * ratio)]);
  const other = somePeaks(2, 20, 30);
  const join = (...parts: Fingerprints[]): Fingerprints => ({
    hashes: Uint32Array.from(parts.flatMap((p) => [...p.hashes])),
    times: Uint32Array.from(parts.flatMap((p) => [...p.times])),
    frameSec: FP_FRAME_SEC,
  });
  /**
   * A copy whose peaks survive but whose landmarks pair them with other music's peaks — all but those of its first
   * second, enough for a line and too few for a score; `kept` of every 13 peaks after that second survive.
   */
  function brokenCopy(kept: number): Fingerprints {
    const copied = copiedFor(20).filter(([frame], i) => frame < second || i % 13 < kept);
    const firstSecond = copied.filter(([frame]) => frame < second);
    return join(landmarksOf(firstSecond, copied, 5), landmarksOf(copied, other, 5));
  }
  /**
   * A copy of `seconds` whose landmarks agree one in 16 (each peak keeps its pair with the next one and pairs with
   * 15 of other music's peaks): a line, short of full coverage (FULL_TRANSFORMED_COVERAGE 8 %).
   */
  function thinlyPairedCopy(seconds: number): Fingerprints {
    const copied = copiedFor(seconds);
    return join(landmarksOf(copied, copied, 1), landmarksOf(copied, other, 15));
  }
  const minusOne = [{ semitones: -1, speed: 1 }];

  it('shows a pitched copy whose landmarks break but whose peaks survive as the recording, with the transform', () => {
    const d = compareExactAudio(features(brokenCopy(13), 20), ref, minusOne, 20);
    expect(d.similarity).toBe(100);
    expect(d.transform).toEqual({ transpositionSemitones: -1, tempoRatio: 1 });
    expect(d.segments[0]!.reference.start).toBeCloseTo(30 + d.segments[0]!.query.start, 0);
  });

  it('shows fewer surviving peaks (a quarter) below a flag', () => {
    const d = compareExactAudio(features(brokenCopy(3), 20), ref, minusOne, 20);
    expect(d.similarity).toBe(TRANSFORMED_PEAKS_SIMILARITY);
    expect(d.transform).toEqual({ transpositionSemitones: -1, tempoRatio: 1 });
  });

  it('lifts a transformed landmark match short of full coverage when its peaks confirm it for 8 s or more', () => {
    const long = compareExactAudio(features(thinlyPairedCopy(20), 20), ref, minusOne, 20);
    const short = compareExactAudio(features(thinlyPairedCopy(6), 6), ref, minusOne, 20);
    expect(long.similarity).toBe(100);
    expect(long.segments[0]!.reference.start).toBeCloseTo(30 + long.segments[0]!.query.start, 0);
    expect(short.similarity).toBeGreaterThan(0);
    expect(short.similarity).toBeLessThan(100);
  });

  it('finds nothing at the original pitch, nor under another transposition', () => {
    const query = features(brokenCopy(13), 20);
    expect(compareExactAudio(query, ref, [], 20).similarity).toBe(0);
    expect(compareExactAudio(query, ref, [{ semitones: 2, speed: 1 }], 20).similarity).toBe(0);
  });

  /** The reference from 30 s played `speed` times as fast for `seconds` of the copy, every peak and pair intact. */
  function stretchedCopy(seconds: number, speed: number): Fingerprints {
    const copied = reference
      .filter(([frame]) => frame >= 30 * second && frame < (30 + seconds * speed) * second)
      .map(([frame, bin]): [number, number] => [Math.round((frame - 30 * second) / speed), bin]);
    return landmarksOf(copied, copied, 5);
  }
  const onWeakEvidence = (speed: number) => [{ semitones: 0, speed, confirmByPeaks: true as const }];

  it('shows a time-stretched copy tried on weak evidence when its peaks confirm the landmarks', () => {
    const d = compareExactAudio(features(stretchedCopy(20, 1.25), 20), ref, onWeakEvidence(1.24), 20);
    expect(d.similarity).toBe(100);
    expect(d.transform.tempoRatio).toBeCloseTo(1.25, 2);
    expect(d.segments[0]!.reference.start).toBeCloseTo(30 + 1.25 * d.segments[0]!.query.start, 0);
  });

  it('shows a pitched copy the index found when its landmarks and peaks hold, and nothing below that', () => {
    const blind = indexedTransforms([], { pitchedShift: -1 });
    const long = compareExactAudio(features(thinlyPairedCopy(20), 20), ref, blind, 20);
    expect(long.similarity).toBe(100);
    expect(long.transform).toEqual({ transpositionSemitones: -1, tempoRatio: 1 });
    // A quarter of its peaks shows a hinted copy below a flag (above); without a hint it shows nothing.
    expect(compareExactAudio(features(brokenCopy(3), 20), ref, blind, 20).similarity).toBe(0);
  });

  it('takes nothing on weak evidence from a stretch shorter than its peaks need, which the landmarks alone score', () => {
    const query = features(stretchedCopy(WEAK_HINT_PEAKS.seconds - 4, 1.25), WEAK_HINT_PEAKS.seconds - 4);
    expect(compareExactAudio(query, ref, [{ semitones: 0, speed: 1.24 }], 20).similarity).toBe(100);
    expect(compareExactAudio(query, ref, onWeakEvidence(1.24), 20).similarity).toBe(0);
  });
});
