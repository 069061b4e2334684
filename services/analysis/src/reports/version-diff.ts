import {
  type AnalysisResults,
  type DiffSide,
  type DimensionMatch,
  type DimensionMove,
  type MatchedSegment,
  type PassageChange,
  SUB_SCORES,
  type ScoreMove,
  type TimeRange,
  type TrackMatch,
  type TrackMove,
  type VersionDiff,
} from '@originality/contracts';

/** One version of a song as the diff reads it: its summary and its stored result. */
export interface DiffVersion extends DiffSide {
  results: AnalysisResults;
}

/**
 * Two passages are the same borrowed passage when their ranges in the reference overlap by at least half of the
 * shorter one. The reference is what stays put between versions: an edit moves the song's own timing, not the
 * published track's.
 */
const SAME_PASSAGE_OVERLAP = 0.5;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * How an edited song's result moved against an earlier version's: every score, every matched track (still there,
 * gone, new), per dimension, and which matched passages remain, disappeared or are new. Pure: both results are
 * the stored ones.
 */
export function diffVersions(current: DiffVersion, earlier: DiffVersion): VersionDiff {
  return {
    current: sideOf(current),
    earlier: sideOf(earlier),
    scores: scoreMoves(current.results, earlier.results),
    tracks: trackMoves(current.results.allMatches, earlier.results.allMatches),
  };
}

function sideOf({ uploadId, title, analysedAt, originalityScore }: DiffVersion): DiffSide {
  return { uploadId, title, analysedAt, originalityScore };
}

function scoreMoves(after: AnalysisResults, before: AnalysisResults): ScoreMove[] {
  const fields = [{ field: 'originalityScore', label: 'Originality' } as const, ...SUB_SCORES];
  return fields.map(({ field, label }) => ({
    field,
    label,
    before: before[field],
    after: after[field],
    change: oneDecimal(after[field] - before[field]),
  }));
}

function trackMoves(after: TrackMatch[], before: TrackMatch[]): TrackMove[] {
  const ids = [...new Set([...after, ...before].map((t) => t.referenceId))];
  const find = (list: TrackMatch[], id: string) => list.find((t) => t.referenceId === id) ?? null;
  return ids
    .map((id) => trackMove(find(after, id), find(before, id)))
    .sort((a, b) => Math.max(b.after ?? 0, b.before ?? 0) - Math.max(a.after ?? 0, a.before ?? 0));
}

function trackMove(after: TrackMatch | null, before: TrackMatch | null): TrackMove {
  const track = (after ?? before)!;
  const dimensions = [
    ...new Set([...(after?.dimensions ?? []), ...(before?.dimensions ?? [])].map((d) => d.dimension)),
  ];
  const find = (match: TrackMatch | null, dimension: string) =>
    match?.dimensions.find((d) => d.dimension === dimension) ?? null;
  return {
    referenceId: track.referenceId,
    title: track.title,
    artist: track.artist,
    status: after && before ? 'remains' : after ? 'new' : 'gone',
    before: before?.similarity ?? null,
    after: after?.similarity ?? null,
    dimensions: dimensions.map((dimension) => dimensionMove(find(after, dimension), find(before, dimension))),
  };
}

function dimensionMove(after: DimensionMatch | null, before: DimensionMatch | null): DimensionMove {
  return {
    dimension: (after ?? before)!.dimension,
    before: before?.similarity ?? null,
    after: after?.similarity ?? null,
    passages: passageChanges(after?.segments ?? [], before?.segments ?? []),
  };
}

/** Pairs each earlier passage with a current one on the same part of the reference; the rest are gone or new. */
export function passageChanges(after: MatchedSegment[], before: MatchedSegment[]): PassageChange[] {
  const unpaired = [...after];
  const changes: PassageChange[] = before.map((old) => {
    const index = unpaired.findIndex((now) => samePassage(now.reference, old.reference));
    if (index < 0) return { fate: 'disappeared', before: old, after: null };
    const [now] = unpaired.splice(index, 1);
    return { fate: 'remains', before: old, after: now! };
  });
  return [...changes, ...unpaired.map((now): PassageChange => ({ fate: 'new', before: null, after: now }))];
}

function samePassage(a: TimeRange, b: TimeRange): boolean {
  const overlap = Math.min(a.end, b.end) - Math.max(a.start, b.start);
  const shorter = Math.min(a.end - a.start, b.end - b.start);
  return overlap > 0 && overlap >= SAME_PASSAGE_OVERLAP * shorter;
}
