import type { DimensionMatch, MatchDimension, TimeRange, TrackMatch } from '@originality/contracts';

/**
 * The dimensions drawn on the waveform: those whose evidence is a passage. Rhythm and tempo are averages over
 * the whole song, so a region would cover everything and say nothing.
 */
export const PASSAGE_DIMENSIONS = ['melody', 'harmony', 'chordProgression', 'exactAudio'] as const;
export type PassageDimension = (typeof PASSAGE_DIMENSIONS)[number];

/** Region colours, distinguishable side by side and legible with the legend (alpha added for the fill). */
export const PASSAGE_COLOURS: Record<PassageDimension, string> = {
  melody: '#7c3aed',
  harmony: '#0ea5e9',
  chordProgression: '#f59e0b',
  exactAudio: '#dc2626',
};

/** One matched passage: where in the upload, where in the reference, under which transform. */
export interface Passage {
  id: string;
  dimension: PassageDimension;
  similarity: number;
  query: TimeRange;
  reference: TimeRange;
  transform: DimensionMatch['transform'];
}

const isPassageDimension = (d: MatchDimension): d is PassageDimension =>
  (PASSAGE_DIMENSIONS as readonly string[]).includes(d);

/** Every matched passage of one similar track, in song order. */
export function passagesOf(match: TrackMatch): Passage[] {
  return match.dimensions
    .flatMap((d) =>
      isPassageDimension(d.dimension) && d.similarity > 0
        ? d.segments.map((segment, i) => ({
            id: `${d.dimension}-${i}`,
            dimension: d.dimension as PassageDimension,
            similarity: d.similarity,
            query: segment.query,
            reference: segment.reference,
            transform: d.transform,
          }))
        : [],
    )
    .sort((a, b) => a.query.start - b.query.start);
}

/** A hex colour with an alpha, for the region's fill ('#7c3aed', 0.3 → 'rgba(124, 58, 237, 0.3)'). */
export function translucent(hex: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/**
 * Playback rate that shifts the reference by `semitones` when the pitch is allowed to follow the rate (a
 * tape-speed change: the tempo moves with it). +12 semitones → 2×.
 */
export const transposingRate = (semitones: number): number => 2 ** (semitones / 12);
