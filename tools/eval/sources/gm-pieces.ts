/**
 * The General MIDI pieces shared by the 'gm' and 'effects' sources: the typed-in public-domain tunes (tunes.ts)
 * and the bundled Mutopia scores (libs/music-synth/midi), each arranged for GM instruments chosen per piece,
 * played by fluidsynth and cached. About one tune in four, and two of the scores, are kept out of the catalogue:
 * they are the "originals in the same style" and the backing tracks for samples.
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import {
  createRng,
  pieceToMidi,
  publicDomainPiece,
  publicDomainScores,
  renderMidiFile,
  soundfontPath,
} from '@originality/music-synth';
import type { GmInstrument, MidiRenderOptions, Piece, Rng } from '@originality/music-synth';
import { arrangeTune } from '../arrange';
import type { Accompaniment, ArrangeOptions } from '../arrange';
import { cachedFile } from '../cache';
import { TUNES } from '../tunes';
import type { PieceTruth, SourceSize } from './source';

export const GM_SAMPLE_RATE = 22050;
/** Catalogue pieces last at least this long (tunes are repeated, scores cut). */
export const CATALOGUE_SECONDS = 40;

export const LEADS: GmInstrument[] = [
  'piano',
  'flute',
  'violin',
  'clarinet',
  'trumpet',
  'oboe',
  'altoSax',
  'vibraphone',
];
export const COMPS: GmInstrument[] = [
  'piano',
  'strings',
  'nylonGuitar',
  'churchOrgan',
  'electricPiano',
  'harp',
  'accordion',
];
export const BASSES: GmInstrument[] = ['acousticBass', 'fingerBass', 'cello', 'tuba', 'fretlessBass'];
const ACCOMPANIMENTS: Accompaniment[] = ['block', 'arpeggio', 'oompah'];

export interface GmPiece {
  id: string;
  title: string;
  origin: string;
  /** In the catalogue, or kept out as an original in the same style. */
  catalogued: boolean;
  truth?: PieceTruth;
  /** The piece arranged (options pick the accompaniment, harmonisation and drums). */
  arrange: (options: Partial<ArrangeOptions>) => Piece;
}

export interface GmArrangement {
  programs: Required<NonNullable<MidiRenderOptions['programs']>>;
  accompaniment: Accompaniment;
  drums: boolean;
}

/**
 * The pieces of a size. 'small' (the integration test's) keeps the first few catalogued pieces and originals of
 * the split being run, so each split has cases of every kind.
 */
export function gmPieces(size: SourceSize, inSplit: (piece: GmPiece) => boolean): GmPiece[] {
  const tunes: GmPiece[] = TUNES.map((tune, i) => ({
    id: `tune:${tune.id}`,
    title: tune.title,
    origin: tune.origin,
    catalogued: i % 4 !== 3,
    truth: { bpm: tune.bpm, tonic: tune.tonic, mode: tune.mode },
    arrange: (options) =>
      arrangeTune(tune, {
        accompaniment: 'block',
        harmonisation: 'plain',
        drums: false,
        minSeconds: CATALOGUE_SECONDS,
        ...options,
      }),
  }));
  const heldOutScores = new Set(['solace.mid', 'pineapple-rag.mid']);
  const scores: GmPiece[] = publicDomainScores().map((score) => ({
    id: `score:${score.file}`,
    title: score.title,
    origin: `${score.composer} (${score.published}), Mutopia Project MIDI`,
    catalogued: !heldOutScores.has(score.file),
    arrange: () => firstSeconds(publicDomainPiece(score), CATALOGUE_SECONDS + 5),
  }));
  const all = [...tunes, ...scores];
  if (size === 'full') return all;
  const small = (catalogued: boolean, n: number) =>
    all.filter((p) => p.catalogued === catalogued && inSplit(p)).slice(0, n);
  return [...small(true, 4), ...small(false, 2)];
}

/** A MIDI score cut to its first seconds (the scores run for minutes). */
function firstSeconds(piece: Piece, seconds: number): Piece {
  const beats = (seconds * piece.bpm) / 60;
  return {
    ...piece,
    bars: Math.ceil(beats / 4),
    tracks: piece.tracks.map((t) => ({
      ...t,
      notes: t.notes.filter((n) => n.start < beats).map((n) => ({ ...n, dur: Math.min(n.dur, beats - n.start) })),
    })),
  };
}

/** The catalogue arrangement of a piece: instruments, accompaniment and drums drawn from its id. */
export function catalogueArrangement(piece: GmPiece): GmArrangement {
  return drawArrangement(createRng(`gm:catalogue:${piece.id}`));
}

export function drawArrangement(rng: Rng, avoid?: GmArrangement): GmArrangement {
  const other = (list: GmInstrument[], not?: GmInstrument) => rng.pick(list.filter((i) => i !== not));
  return {
    programs: {
      melody: other(LEADS, avoid?.programs.melody),
      chords: other(COMPS, avoid?.programs.chords),
      bass: other(BASSES, avoid?.programs.bass),
    },
    accompaniment: rng.pick(ACCOMPANIMENTS.filter((a) => a !== avoid?.accompaniment)),
    drums: rng.chance(0.4),
  };
}

export function describeArrangement(a: GmArrangement): string {
  return `${a.programs.melody}/${a.programs.chords}/${a.programs.bass}, ${a.accompaniment}${a.drums ? ', drums' : ''}`;
}

/** Writes the piece as MIDI and plays it through fluidsynth, cached by the MIDI bytes and the soundfont. */
export async function renderGm(piece: Piece, options: MidiRenderOptions, scratch: string): Promise<string> {
  const midi = pieceToMidi(piece, options);
  const recipe = `fluidsynth\n${soundfontPath()}\n${GM_SAMPLE_RATE}\n${Buffer.from(midi).toString('base64')}`;
  return cachedFile(recipe, 'wav', async (out) => {
    const midiPath = join(scratch, `${process.pid}-${Date.now()}.mid`);
    writeFileSync(midiPath, midi);
    await renderMidiFile(midiPath, out, GM_SAMPLE_RATE);
  });
}

/** The catalogue render of a piece (a WAV path). */
export function renderCatalogueGm(piece: GmPiece, scratch: string): Promise<string> {
  const arrangement = catalogueArrangement(piece);
  return renderGm(
    piece.arrange({ accompaniment: arrangement.accompaniment, drums: arrangement.drums }),
    { programs: arrangement.programs },
    scratch,
  );
}
