/**
 * A case source: a catalogue and labelled queries made one particular way (our own generator, the independent
 * second synth, General MIDI renders, effects chains on recordings). Every piece belongs to one split, fixed by a
 * hash of its id: the tuning split is what engine work is measured on; the held-out split is run only with an
 * explicit `--split held-out`, at the end of a piece of engine work, never while tuning.
 */
import { hashString } from '@originality/music-synth';
import type { PcmAudio } from '@originality/music-analysis';

export const SOURCE_NAMES = [
  'own',
  'second-synth',
  'gm',
  'effects',
  'recordings',
  'recordings-2',
  'recordings-3',
  'arrangements',
] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

export const SPLITS = ['tuning', 'held-out'] as const;
export type Split = (typeof SPLITS)[number];

export type SourceSize = 'small' | 'full';

export const SOURCE_KINDS = [
  'exact-copy',
  'effects-copy',
  'pitched-copy',
  'tempo-copy',
  'sample',
  'cover',
  'borrowed-melody',
  'progression-only',
  'original',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Tempo and key the piece was written in, to check the engine's estimates. */
export interface PieceTruth {
  bpm: number;
  tonic: number;
  mode: 'major' | 'minor';
}

export interface Reference {
  id: string;
  title: string;
  artist: string;
  /** The piece the reference plays (its split). */
  pieceId: string;
  truth?: PieceTruth;
  audio: () => Promise<PcmAudio>;
}

export interface SourceCase {
  id: string;
  kind: SourceKind;
  /** What was done, e.g. "cover: +3 st, 0.91× tempo, flute/strings/cello, drums". */
  variant: string;
  /** The catalogue track it derives from; for originals and progression-only, the track nearest in style or none. */
  referenceId: string | null;
  /** The piece whose split the case belongs to. */
  pieceId: string;
  shouldMatch: boolean;
  audio: () => Promise<PcmAudio>;
}

export interface SourceBuild {
  references: Reference[];
  cases: SourceCase[];
}

export interface BuildContext {
  size: SourceSize;
  split: Split;
  /** A folder for this run's scratch files (cached renders live elsewhere, see cache.ts). */
  tmp: string;
  log: (line: string) => void;
}

export interface CaseSource {
  name: SourceName;
  /** One line for the report: where the music comes from. */
  description: string;
  /** Why this source cannot run on this machine, or null. */
  unavailable: () => string | null;
  build: (ctx: BuildContext) => Promise<SourceBuild>;
}

/** The split of a piece: about one in three pieces of each source is held out. */
export function splitOf(source: SourceName, pieceId: string): Split {
  return hashString(`${source}:split:${pieceId}`) % 3 === 0 ? 'held-out' : 'tuning';
}

/** A mono PCM view of rendered samples. */
export function pcm(samples: Float32Array, sampleRate: number): PcmAudio {
  return { samples, sampleRate, durationSec: samples.length / sampleRate };
}
