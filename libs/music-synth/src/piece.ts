/**
 * The score model: what the composer writes, the transforms change and the renderer plays.
 * Times are in beats (4 beats per bar), pitches are MIDI note numbers; drum notes use
 * General MIDI percussion numbers (see DRUM).
 */
export type Mode = 'major' | 'minor';
export type TrackRole = 'melody' | 'chords' | 'bass' | 'drums';

/** Timbres the renderer knows. 'voice' is a vibrato lead with vowel formants. */
export const INSTRUMENTS = ['piano', 'organ', 'saw', 'square', 'bell', 'pluck', 'pad', 'voice', 'drums'] as const;
export type Instrument = (typeof INSTRUMENTS)[number];

export const STYLES = [
  'pop',
  'rock',
  'edm',
  'jazz',
  'blues',
  'ballad',
  'funk',
  'hiphop',
  'folk',
  'reggae',
  'latin',
] as const;
export type Style = (typeof STYLES)[number];

export interface Note {
  /** Beats from the start of the piece. */
  start: number;
  /** Beats. */
  dur: number;
  /** MIDI note number (drums: General MIDI percussion key). */
  pitch: number;
  /** Velocity 0–1. */
  vel: number;
}

export interface Track {
  role: TrackRole;
  instrument: Instrument;
  notes: Note[];
  /** Mix level 0–1. */
  level: number;
}

export type ChordQuality = 'maj' | 'min' | 'dim' | 'dom7' | 'maj7' | 'min7';

/** One chord of the harmony over a span of beats; the root is an absolute pitch class (0 = C). */
export interface HarmonySpan {
  start: number;
  dur: number;
  root: number;
  quality: ChordQuality;
}

export interface Piece {
  title: string;
  bpm: number;
  key: { tonic: number; mode: Mode };
  bars: number;
  style: Style;
  /** The chord progression the chords and bass tracks realise (kept for transforms). */
  harmony: HarmonySpan[];
  tracks: Track[];
}

export const BEATS_PER_BAR = 4;

/** General MIDI percussion keys used by the drum parts. */
export const DRUM = {
  kick: 36,
  rim: 37,
  snare: 38,
  clap: 39,
  closedHat: 42,
  openHat: 46,
  crash: 49,
  ride: 51,
  tom: 45,
} as const;

export function pieceBeats(piece: Piece): number {
  return piece.bars * BEATS_PER_BAR;
}

export function pieceSeconds(piece: Piece, tempoFactor = 1): number {
  return (pieceBeats(piece) * 60) / (piece.bpm * tempoFactor);
}

export function trackOf(piece: Piece, role: TrackRole): Track | undefined {
  return piece.tracks.find((t) => t.role === role);
}

/** A deep copy, so transforms never change their input. */
export function clonePiece(piece: Piece): Piece {
  return {
    ...piece,
    key: { ...piece.key },
    harmony: piece.harmony.map((h) => ({ ...h })),
    tracks: piece.tracks.map((t) => ({ ...t, notes: t.notes.map((n) => ({ ...n })) })),
  };
}
