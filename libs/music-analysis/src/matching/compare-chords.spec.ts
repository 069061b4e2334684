import { compareChordProgressions } from './compare-chords';
import { chordNgramSet } from './progression-codes';
import { explainDimension } from './explain';
import { buildPriorArt } from './prior-art';
import { buildAnalysisResults } from './score';
import { compareTracks } from './compare';
import { I_V_vi_IV, aKey, aTrack } from '../../testing/match-fixtures';
import type { ChordSegment, TrackFeatures } from '../types';

const meta = { title: 'Self', artist: 'Same', platform: 'test' };

/** A catalogue of 30 tracks with per-track progressions, `withLoop` of them on I–V–vi–IV, plus `extra`. */
function catalogue(withLoop: number, extra: TrackFeatures[]): TrackFeatures[] {
  const tracks = Array.from({ length: 30 }, (_, i) =>
    aTrack({ seed: 300 + i, key: aKey(i % 12), progression: i < withLoop ? I_V_vi_IV : undefined }),
  );
  return [...tracks, ...extra];
}

/** Mostly no-chord, with `chords` heard once each: what the chord estimator gives for a dense mix. */
function sparseChords(track: TrackFeatures, roots: number[]): TrackFeatures {
  const span = track.durationSec / (roots.length + 1);
  const chords: ChordSegment[] = [{ start: 0, end: span, root: -1, quality: 'none' }];
  roots.forEach((root, i) => chords.push({ start: (i + 1) * span, end: (i + 2) * span, root, quality: 'maj' }));
  return { ...track, chords };
}

describe('a track compared with itself (the catalogue holds it)', () => {
  it('gives a rare progression a high chord-progression similarity', () => {
    const track = aTrack({
      seed: 1,
      key: aKey(4),
      progression: [
        [0, 'maj'],
        [3, 'maj'],
        [8, 'maj'],
        [1, 'maj'],
      ],
    });
    const priorArt = buildPriorArt(catalogue(0, [track]));
    const c = compareChordProgressions(track, track, priorArt);
    expect(c.similarity).toBeGreaterThan(80);
    expect(c.sharedShare).toBe(1);
  });

  it('still matches when the progression has fewer chord changes than an n-gram (mostly no-chord)', () => {
    const track = sparseChords(aTrack({ seed: 2, key: aKey(9) }), [1, 6]);
    expect(chordNgramSet(track).size).toBe(1);
    const priorArt = buildPriorArt(catalogue(0, [track]));
    const c = compareChordProgressions(track, track, priorArt);
    expect(c.similarity).toBeGreaterThan(80);
    const results = buildAnalysisResults({
      query: track,
      matches: [{ referenceId: 'self', meta, ...compareTracks(track, track, priorArt) }],
      priorArt,
      catalogue: { size: priorArt.trackCount, version: 'v' },
    });
    expect(results.chordProgressionUniqueness).toBeLessThan(20);
  });

  it('scores a progression common in the catalogue lower, and explains it as shared but common', () => {
    const track = aTrack({ seed: 3, key: aKey(2), progression: I_V_vi_IV });
    const priorArt = buildPriorArt(catalogue(20, [track]));
    const c = compareChordProgressions(track, track, priorArt);
    expect(c.similarity).toBeLessThan(25);
    expect(c.sharedShare).toBe(1);
    expect(explainDimension(c, meta)).toMatch(
      /100% of its chord patterns also occur in "Self" by Same, but they are common/,
    );
  });

  it('says so when a track has no recognised chord at all', () => {
    const silent = { ...aTrack({ seed: 4 }), chords: [{ start: 0, end: 32, root: -1, quality: 'none' as const }] };
    const c = compareChordProgressions(silent, silent, buildPriorArt(catalogue(0, [silent])));
    expect(c.similarity).toBe(0);
    expect(explainDimension(c, meta)).toBe(
      'Chord progression: too few recognised chords to compare with "Self" by Same.',
    );
  });
});

describe('pattern rarity in the stored result (prior art the results view puts into words)', () => {
  const rare = aTrack({
    seed: 5,
    key: aKey(2),
    progression: [
      [0, 'maj'],
      [3, 'maj'],
      [8, 'maj'],
      [1, 'maj'],
    ],
  });
  const common = aTrack({ seed: 6, key: aKey(7), progression: I_V_vi_IV });

  it('reports a rare shared progression as rare and a commonplace one as common', () => {
    const priorArt = buildPriorArt(catalogue(20, [rare, common]));
    const rarity = (track: TrackFeatures) => compareChordProgressions(track, track, priorArt).patternRarity!;
    expect(rarity(rare)).toBeGreaterThan(0.6);
    expect(rarity(common)).toBeLessThan(0.3);
  });

  it('carries it, rounded, into the chord-progression and rhythm matches of the results', () => {
    const priorArt = buildPriorArt(catalogue(20, [rare]));
    const results = buildAnalysisResults({
      query: rare,
      matches: [{ referenceId: 'self', meta, ...compareTracks(rare, rare, priorArt) }],
      priorArt,
      catalogue: { size: priorArt.trackCount, version: 'v' },
    });
    const dimensions = results.allMatches[0]!.dimensions;
    const of = (name: string) => dimensions.find((d) => d.dimension === name)!;
    expect(of('chordProgression').patternRarity).toBeGreaterThan(0.6);
    expect(of('chordProgression').patternRarity).toBe(Math.round(of('chordProgression').patternRarity! * 1000) / 1000);
    // Against itself the groove correlates fully, so its similarity is its rarity weight.
    expect(of('rhythm').similarity).toBeGreaterThan(0);
    expect(of('rhythm').patternRarity).toBeCloseTo(of('rhythm').similarity / 100, 1);
    expect(of('melody').patternRarity).toBeUndefined();
  });
});
