/**
 * The pieces whose tempo (and often key) is known, for tempo-key.ts and tempo-envelopes.ts: the demo composer's
 * pieces (their score's BPM and key), the bundled public-domain scores (the MIDI file's tempo and the key its source
 * states), and the songs others wrote the tempo of (tempo-files.ts: openMSX, Frets on Fire). Each piece's audio is
 * rendered or decoded on demand.
 */
import { ANALYSIS_SAMPLE_RATE, decodeAudio, keyName, type PcmAudio } from '@originality/music-analysis';
import { demoTrack, publicDomainPiece, publicDomainScores, renderPiece, type Piece } from '@originality/music-synth';
import {
  blupiSongs,
  fretsOnFireSongs,
  openMsxSongs,
  type TempoFile,
  type TempoFileSet,
  type TempoFileSplit,
} from './tempo-files';

/** Acc1's tolerance (the MIREX convention): a tempo within 4 % of the written one is right. */
const TEMPO_TOLERANCE = 0.04;

/** Whether `bpm` is within Acc1's tolerance of `target`. */
export function nearTempo(bpm: number, target: number): boolean {
  return Math.abs(bpm / target - 1) <= TEMPO_TOLERANCE;
}

export interface Truth {
  bpm: number;
  /** Unknown for some recordings. */
  key?: { name: string; /** Its relative major/minor. */ relative: string };
}

/** One piece to read: a name, its truth, and its audio at ANALYSIS_SAMPLE_RATE. */
export interface TruthPiece {
  name: string;
  truth: Truth;
  audio: () => Promise<PcmAudio>;
}

/** The pieces of one source: a short id, the label tables print, and the pieces. */
export interface TruthSet {
  id: string;
  label: string;
  pieces: TruthPiece[];
}

export interface TruthOptions {
  /** How many demo pieces, drawn with `seed`. */
  pieces: number;
  seed: string;
  split: TempoFileSplit;
  /** Told why a set of songs is missing (a Debian package or fluidsynth). */
  log: (line: string) => void;
}

export function truthSets({ pieces, seed, split, log }: TruthOptions): TruthSet[] {
  return [...renderedSets(pieces, seed), ...recordedSets(split, log)];
}

function keyTruth({ tonic, mode }: Piece['key']): NonNullable<Truth['key']> {
  const relative = mode === 'major' ? keyName(tonic + 9, 'minor') : keyName(tonic + 3, 'major');
  return { name: keyName(tonic, mode), relative };
}

/** The key a public-domain score's source states ("Ab major") in the engine's spelling ("G# major"). */
function statedKey(stated: string): string {
  const [note, mode] = stated.split(' ');
  const names: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
  const accidental = note!.slice(1) === '#' ? 1 : note!.slice(1) === 'b' ? -1 : 0;
  return keyName(names[note![0]!]! + accidental + 12, mode as 'major' | 'minor');
}

/** A key name back to tonic and mode. */
export function keyOfName(name: string): Piece['key'] {
  for (let tonic = 0; tonic < 12; tonic++)
    for (const mode of ['major', 'minor'] as const) if (keyName(tonic, mode) === name) return { tonic, mode };
  throw new Error(`unknown key ${name}`);
}

function renderedSets(pieces: number, seed: string): TruthSet[] {
  const rendered = (piece: Piece, renderSeed: number): TruthPiece => ({
    name: piece.title,
    truth: { bpm: piece.bpm, key: keyTruth(piece.key) },
    audio: async () => {
      const samples = renderPiece(piece, { sampleRate: ANALYSIS_SAMPLE_RATE, seed: renderSeed });
      return { samples, sampleRate: ANALYSIS_SAMPLE_RATE, durationSec: samples.length / ANALYSIS_SAMPLE_RATE };
    },
  });
  const scores = publicDomainScores().map((score, i) => {
    const piece = publicDomainPiece(score);
    return rendered({ ...piece, key: keyOfName(statedKey(score.key)) }, 1000 + i);
  });
  return [
    {
      id: 'demo',
      label: 'demo pieces',
      pieces: Array.from({ length: pieces }, (_, i) => rendered(demoTrack(i, seed).piece, i + 1)),
    },
    { id: 'public-domain', label: 'public-domain scores', pieces: scores },
  ];
}

function filePieces(files: TempoFile[]): TruthPiece[] {
  return files.map((file) => ({
    name: file.name,
    truth: { bpm: file.bpm, ...(file.key && { key: keyTruth(file.key) }) },
    audio: async () => decodeAudio(await file.audio(), { sampleRate: ANALYSIS_SAMPLE_RATE }),
  }));
}

/** The songs others wrote the tempo of (tempo-files.ts); a set whose package is missing is logged and left out. */
function recordedSets(split: TempoFileSplit, log: (line: string) => void): TruthSet[] {
  const sets: [string, string, TempoFileSet][] = [
    [`openmsx-${split}`, `openMSX MIDI songs, fluidsynth (${split})`, openMsxSongs(split)],
    ['frets-on-fire', 'Frets on Fire rock recordings (tempo only)', fretsOnFireSongs()],
    [`blupi-${split}`, `Planet Blupi MIDI songs, fluidsynth (${split}, tempo only)`, blupiSongs(split)],
  ];
  return sets.flatMap(([id, label, { files, unavailable }]) => {
    if (unavailable) log(`${label}: skipped (${unavailable})`);
    return files.length ? [{ id, label, pieces: filePieces(files) }] : [];
  });
}
