import { DIMENSION_LABELS } from '@originality/contracts';
import type { DimensionMatch, TimeRange, TrackMatch } from '@originality/contracts';
import { transformText } from './evidence';
import { rangeText } from './time-range';

/** From this similarity a dimension 'scores high' and gets a guide (spec §9: 60 is the notable level). */
export const GUIDE_FROM = 60;
/** Ranges named in one guide; more would read as a list, not advice. */
const MAX_RANGES = 3;
const BEATS_PER_BAR = 4;

/** What to change in each dimension, and why that change works against how the engine compares it. */
const REMEDY: Partial<Record<DimensionMatch['dimension'], string>> = {
  melody:
    'rewrite the phrase in those bars — change its contour and rhythm; moving it to another key does not help, melodies are compared under every transposition.',
  harmony:
    're-harmonise those bars (other chords or voicings under your melody); transposing does not help, harmony is compared key-independently.',
  chordProgression:
    'reorder or substitute chords in that passage, e.g. a borrowed or passing chord, so the sequence of scale degrees differs.',
  exactAudio:
    'this is recorded audio, not a resemblance: replace it with your own recording or clear the sample; pitch or tempo changes do not hide it.',
  rhythm:
    'vary the groove in some sections — where the kick and snare fall, syncopation, the hi-hat pattern — so the bar-level pattern differs.',
};

/**
 * A short guide for one high-scoring dimension of a similar track, built from its matched ranges: which part of
 * the song, which part of the published track, the transform, and the bars at the song's tempo. Null when the
 * dimension does not score high, has no passage, or is tempo (a tempo is shared by many songs: not advice).
 */
export function guideFor(match: Pick<TrackMatch, 'title'>, dimension: DimensionMatch, tempoBpm: number): string | null {
  const remedy = REMEDY[dimension.dimension];
  if (!remedy || dimension.similarity < GUIDE_FROM || dimension.segments.length === 0) return null;
  const segments = dimension.segments.slice(0, MAX_RANGES);
  const yours = listOf(segments.map((s) => rangeText(s.query)));
  const theirs = listOf(segments.map((s) => rangeText(s.reference)));
  const bars = listOf(segments.map((s) => barsText(s.query, tempoBpm)).filter((b): b is string => b !== null));
  const where = bars ? `${yours} (${bars})` : yours;
  const how = transformText(dimension.transform);
  const name = DIMENSION_LABELS[dimension.dimension];
  const verb = dimension.dimension === 'exactAudio' ? 'contains audio of' : 'follows';
  return `The ${name.toLowerCase()} of ${where} ${verb} ${match.title}'s ${theirs} (${how}): ${remedy}`;
}

/** 'bars 22–33' at the song's tempo, counting four beats a bar; null without a tempo. */
export function barsText(range: TimeRange, tempoBpm: number): string | null {
  if (!(tempoBpm > 0)) return null;
  const barSec = (BEATS_PER_BAR * 60) / tempoBpm;
  const first = Math.floor(range.start / barSec) + 1;
  const last = Math.max(first, Math.ceil(range.end / barSec));
  return first === last ? `bar ${first}` : `bars ${first}–${last}`;
}

const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
