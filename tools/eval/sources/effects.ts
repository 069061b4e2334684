/**
 * The 'effects' source: exact reuse of the GM catalogue recordings through production changes made with ffmpeg
 * (reuse-cases.ts): an effects chain, a pitch shift, a speed change and a sample under a piece the catalogue does
 * not hold, per catalogued piece; the uncatalogued pieces through an effects chain are the originals.
 */
import { soundfontUnavailable } from '@originality/music-synth';
import { gmPieces, renderCatalogueGm } from './gm-pieces';
import { gmReferences } from './gm';
import { reuseCases } from './reuse-cases';
import type { Recording, ReusePlan } from './reuse-cases';
import { splitOf } from './source';
import type { BuildContext, CaseSource, SourceBuild } from './source';

/** Catalogue renders last 40 s or more: queries come from their first 28 s. */
const PLAN: ReusePlan = {
  prefix: 'fx',
  window: { start: 3, seconds: 25 },
  sampleStart: { min: 2, max: 20 },
  backingStartSec: 0,
};

export const effectsSource: CaseSource = {
  name: 'effects',
  description:
    'the GM catalogue recordings through ffmpeg effects chains (aecho reverb, acompressor, equalizer/highpass/' +
    'lowpass, extrastereo, rubberband pitch and tempo, MP3 64–128k) and as samples mixed under other pieces (amix)',
  unavailable: soundfontUnavailable,
  build: async (ctx: BuildContext): Promise<SourceBuild> => {
    const pieces = gmPieces(ctx.size, (p) => splitOf('effects', p.id) === ctx.split);
    const recordings: Recording[] = pieces.map((piece) => ({
      id: piece.id,
      title: piece.title,
      catalogued: piece.catalogued,
      file: () => renderCatalogueGm(piece, ctx.tmp),
    }));
    const inSplit = recordings.filter((r) => splitOf('effects', r.id) === ctx.split);
    const backings = recordings.filter((r) => !r.catalogued);
    return { references: gmReferences(pieces, ctx.tmp), cases: reuseCases(inSplit, backings, PLAN) };
  },
};
