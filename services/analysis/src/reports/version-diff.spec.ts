import { aDimension, aResult, aTrackMatch } from './report-fixtures';
import { type DiffVersion, diffVersions, passageChanges } from './version-diff';

const version = (uploadId: string, results = aResult()): DiffVersion => ({
  uploadId,
  title: `Take ${uploadId}`,
  analysedAt: '2026-11-24T10:00:00.000Z',
  originalityScore: results.originalityScore,
  results,
});
const segment = (queryStart: number, referenceStart: number, length = 10) => ({
  query: { start: queryStart, end: queryStart + length },
  reference: { start: referenceStart, end: referenceStart + length },
});

describe('diffVersions', () => {
  it('says how every score moved, originality first', () => {
    const diff = diffVersions(
      version('b', aResult({ originalityScore: 71.5, melodyUniqueness: 64 })),
      version('a', aResult({ originalityScore: 42, melodyUniqueness: 30 })),
    );
    expect(diff.current).toMatchObject({ uploadId: 'b', originalityScore: 71.5 });
    expect(diff.earlier).toMatchObject({ uploadId: 'a', originalityScore: 42 });
    expect(diff.scores[0]).toEqual({
      field: 'originalityScore',
      label: 'Originality',
      before: 42,
      after: 71.5,
      change: 29.5,
    });
    expect(diff.scores.find((s) => s.field === 'melodyUniqueness')).toMatchObject({
      before: 30,
      after: 64,
      change: 34,
    });
    expect(diff.scores.find((s) => s.field === 'rhythmPattern')).toMatchObject({ change: 0 });
    expect(diff.scores).toHaveLength(7);
  });

  it('tells tracks that remain, are gone and are new, per dimension, strongest first', () => {
    const kept = aTrackMatch({
      similarity: 70,
      dimensions: [aDimension({ similarity: 70 })],
    });
    const gone = aTrackMatch({ referenceId: 'ref-gone', title: 'Gone Song', similarity: 90 });
    const fresh = aTrackMatch({
      referenceId: 'ref-new',
      title: 'New Song',
      similarity: 62,
      dimensions: [aDimension({ dimension: 'harmony', similarity: 62 })],
    });
    const diff = diffVersions(
      version('b', aResult({ allMatches: [kept, fresh] })),
      version('a', aResult({ allMatches: [aTrackMatch(), gone] })),
    );
    expect(diff.tracks.map((t) => [t.title, t.status, t.before, t.after])).toEqual([
      ['Gone Song', 'gone', 90, null],
      ['Blue Hour', 'remains', 88, 70],
      ['New Song', 'new', null, 62],
    ]);
    expect(diff.tracks[1]!.dimensions).toEqual([
      {
        dimension: 'melody',
        before: 91,
        after: 70,
        passages: [{ fate: 'remains', before: aDimension().segments[0], after: aDimension().segments[0] }],
      },
    ]);
    expect(diff.tracks[0]!.dimensions[0]!.passages.map((p) => p.fate)).toEqual(['disappeared']);
    expect(diff.tracks[2]!.dimensions[0]).toMatchObject({ dimension: 'harmony', before: null, after: 62 });
    expect(diff.tracks[2]!.dimensions[0]!.passages.map((p) => p.fate)).toEqual(['new']);
  });
});

describe('passageChanges', () => {
  it('pairs passages on the same part of the reference even when the song moved them', () => {
    // The edit cut 5 s before the chorus: the song's time moved, the reference's did not.
    const changes = passageChanges([segment(35, 70)], [segment(40, 70), segment(100, 150)]);
    expect(changes).toEqual([
      { fate: 'remains', before: segment(40, 70), after: segment(35, 70) },
      { fate: 'disappeared', before: segment(100, 150), after: null },
    ]);
  });

  it('counts a small overlap as a different passage, and each current passage once', () => {
    const changes = passageChanges([segment(0, 8), segment(50, 72)], [segment(0, 0), segment(1, 70)]);
    expect(changes.map((c) => c.fate)).toEqual(['disappeared', 'remains', 'new']);
    expect(changes[1]!.after).toEqual(segment(50, 72));
  });
});
