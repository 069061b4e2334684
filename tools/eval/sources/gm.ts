/**
 * The 'gm' source: public-domain tunes and scores played by fluidsynth through the General MIDI soundfont.
 * Catalogue: each catalogued piece in its own arrangement. Queries per piece: covers (other GM instruments,
 * ±2–3 semitones, ±8–12 % tempo, drums half the time), the melody borrowed over other chords with another lead and
 * no drums (a quarter of both with a sung lead: GM choir or voice), exact copies (an excerpt through MP3), and originals: the pieces kept out of the catalogue, arranged
 * the same way.
 */
import { applyFilter, createRng, soundfontUnavailable } from '@originality/music-synth';
import type { GmInstrument, Rng } from '@originality/music-synth';
import { decodeAudio } from '@originality/music-analysis';
import { cachedFile } from '../cache';
import {
  catalogueArrangement,
  describeArrangement,
  drawArrangement,
  gmPieces,
  renderCatalogueGm,
  renderGm,
} from './gm-pieces';
import type { GmArrangement, GmPiece } from './gm-pieces';
import { splitOf } from './source';
import type { BuildContext, CaseSource, Reference, SourceBuild, SourceCase } from './source';

/** Sung timbres (GM choir and voice), the nearest a soundfont comes to a vocal lead. */
const SUNG_LEADS: GmInstrument[] = ['choir', 'voiceOohs'];

/** A quarter of covers and borrowed melodies put the tune in a sung timbre (drawn last, so other draws stay). */
function withSungLead(arrangement: GmArrangement, rng: Rng): GmArrangement {
  if (!rng.chance(0.25)) return arrangement;
  return { ...arrangement, programs: { ...arrangement.programs, melody: rng.pick(SUNG_LEADS) } };
}

/** Catalogue references of the GM pieces (shared with the effects source). */
export function gmReferences(pieces: GmPiece[], scratch: string): Reference[] {
  return pieces
    .filter((p) => p.catalogued)
    .map((piece) => ({
      id: piece.id,
      title: piece.title,
      artist: piece.origin,
      pieceId: piece.id,
      truth: piece.truth,
      audio: async () => decodeAudio(await renderCatalogueGm(piece, scratch)),
    }));
}

function coverCase(piece: GmPiece, n: number, scratch: string): SourceCase {
  const rng = createRng(`gm:cover:${piece.id}:${n}`);
  const drawn = drawArrangement(rng, catalogueArrangement(piece));
  const transpose = rng.pick([-1, 1]) * rng.int(2, 3);
  const tempoFactor = 1 + rng.pick([-1, 1]) * rng.range(0.08, 0.12);
  const drums = rng.chance(0.5);
  const arrangement = withSungLead(drawn, rng);
  const variant = `${transpose > 0 ? '+' : ''}${transpose} st, ${tempoFactor.toFixed(2)}× tempo, ${describeArrangement({ ...arrangement, drums })}`;
  return {
    id: `gm-cover-${piece.id}-${n}`,
    kind: 'cover',
    variant,
    referenceId: piece.id,
    pieceId: piece.id,
    shouldMatch: true,
    audio: async () =>
      decodeAudio(
        await renderGm(
          piece.arrange({ accompaniment: arrangement.accompaniment, drums }),
          { programs: arrangement.programs, transpose, tempoFactor },
          scratch,
        ),
      ),
  };
}

function borrowedMelodyCase(piece: GmPiece, scratch: string): SourceCase {
  const rng = createRng(`gm:borrowed:${piece.id}`);
  const drawn = drawArrangement(rng, catalogueArrangement(piece));
  const transpose = rng.pick([0, 0, -2, 2]);
  const arrangement = withSungLead(drawn, rng);
  return {
    id: `gm-borrowed-${piece.id}`,
    kind: 'borrowed-melody',
    variant: `melody over other chords, ${transpose ? `${transpose > 0 ? '+' : ''}${transpose} st, ` : ''}${describeArrangement({ ...arrangement, drums: false })}`,
    referenceId: piece.id,
    pieceId: piece.id,
    shouldMatch: true,
    audio: async () =>
      decodeAudio(
        await renderGm(
          piece.arrange({ accompaniment: arrangement.accompaniment, harmonisation: 'other', drums: false }),
          { programs: arrangement.programs, transpose, withoutDrums: true },
          scratch,
        ),
      ),
  };
}

function exactCopyCase(piece: GmPiece, scratch: string): SourceCase {
  const rng = createRng(`gm:copy:${piece.id}`);
  const start = rng.int(0, 15);
  const seconds = rng.pick([10, 20]);
  const kbps = rng.pick([64, 128]);
  return {
    id: `gm-copy-${piece.id}`,
    kind: 'exact-copy',
    variant: `${seconds} s excerpt from ${start} s, MP3 ${kbps}k`,
    referenceId: piece.id,
    pieceId: piece.id,
    shouldMatch: true,
    audio: async () => {
      const source = await renderCatalogueGm(piece, scratch);
      const filter = `atrim=${start}:${start + seconds},asetpts=PTS-STARTPTS`;
      const args = ['-codec:a', 'libmp3lame', '-b:a', `${kbps}k`];
      return decodeAudio(
        await cachedFile(`${source}\n${filter}\n${args.join(' ')}`, 'mp3', (out) =>
          applyFilter(source, filter, out, args),
        ),
      );
    },
  };
}

function originalCase(piece: GmPiece, n: number, scratch: string): SourceCase {
  const rng = createRng(`gm:original:${piece.id}:${n}`);
  const arrangement = drawArrangement(rng);
  return {
    id: `gm-original-${piece.id}-${n}`,
    kind: 'original',
    variant: `kept out of the catalogue, ${describeArrangement(arrangement)}`,
    referenceId: null,
    pieceId: piece.id,
    shouldMatch: false,
    audio: async () =>
      decodeAudio(
        await renderGm(
          piece.arrange({ accompaniment: arrangement.accompaniment, drums: arrangement.drums }),
          { programs: arrangement.programs, transpose: n === 0 ? 0 : rng.int(-3, 3) },
          scratch,
        ),
      ),
  };
}

export const gmSource: CaseSource = {
  name: 'gm',
  description:
    'public-domain tunes typed in as notes (tools/eval/tunes.ts) and Mutopia MIDI scores, arranged simply and ' +
    'played by fluidsynth through the FluidR3 General MIDI soundfont',
  unavailable: soundfontUnavailable,
  build: async (ctx: BuildContext): Promise<SourceBuild> => {
    const scratch = ctx.tmp;
    const pieces = gmPieces(ctx.size, (p) => splitOf('gm', p.id) === ctx.split);
    const covers = ctx.size === 'full' ? 2 : 1;
    const inSplit = pieces.filter((p) => splitOf('gm', p.id) === ctx.split);
    const cases: SourceCase[] = [];
    for (const piece of inSplit.filter((p) => p.catalogued)) {
      for (let n = 0; n < covers; n++) cases.push(coverCase(piece, n, scratch));
      if (piece.truth) cases.push(borrowedMelodyCase(piece, scratch));
      cases.push(exactCopyCase(piece, scratch));
    }
    for (const piece of inSplit.filter((p) => !p.catalogued))
      for (let n = 0; n < 2; n++) cases.push(originalCase(piece, n, scratch));
    return { references: gmReferences(pieces, scratch), cases };
  },
};
