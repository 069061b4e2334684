/**
 * The 'own' source: the main composer's demo catalogue and the harness's case kinds (cases.ts), planned over the
 * tracks of one split. Without --source the harness runs the same cases over every track, as it always has.
 */
import { demoTrack } from '@originality/music-synth';
import { CASE_KINDS, SAMPLE_RATE, makeCaseAudio, planCases, renderReference } from '../cases';
import type { CaseCounts, CaseKind } from '../cases';
import { SIZES } from '../harness';
import { pcm, splitOf } from './source';
import type { BuildContext, CaseSource, SourceBuild, SourceKind, Split } from './source';

const SEED = 'eval-1';

const KIND: Record<CaseKind, SourceKind> = {
  'copy-noise': 'exact-copy',
  'copy-lossy': 'exact-copy',
  'pitch-shift': 'pitched-copy',
  'time-stretch': 'tempo-copy',
  cover: 'cover',
  'melody-only': 'borrowed-melody',
  'progression-only': 'progression-only',
  original: 'original',
};

/** The split's share of each kind's case count (about a third of the pieces are held out). */
function countsFor(counts: CaseCounts, split: Split): CaseCounts {
  const share = split === 'tuning' ? 2 / 3 : 1 / 3;
  return Object.fromEntries(CASE_KINDS.map((k) => [k, Math.ceil(counts[k] * share)])) as CaseCounts;
}

export const ownSource: CaseSource = {
  name: 'own',
  description: "the repo's own composer and synthesiser (libs/music-synth), the cases of tools/eval/cases.ts",
  unavailable: () => null,
  build: async (ctx: BuildContext): Promise<SourceBuild> => {
    const size = SIZES[ctx.size];
    const tracks = Array.from({ length: size.references }, (_, i) => demoTrack(i, `${SEED}:catalogue`));
    const byId = new Map(tracks.map((t) => [t.id, t]));
    const inSplit = tracks.filter((t) => splitOf('own', t.id) === ctx.split);
    const plan = planCases(inSplit, countsFor(size.counts, ctx.split), `${SEED}:${ctx.split}`);
    const references = tracks.map((track) => ({
      id: track.id,
      title: track.title,
      artist: track.artist,
      pieceId: track.id,
      truth: { bpm: track.piece.bpm, tonic: track.piece.key.tonic, mode: track.piece.key.mode },
      audio: async () => pcm(renderReference(track), SAMPLE_RATE),
    }));
    const cases = plan.map((queryCase) => ({
      id: queryCase.id,
      kind: KIND[queryCase.kind],
      variant: queryCase.variant,
      referenceId: queryCase.shouldMatch ? queryCase.referenceId : null,
      pieceId: queryCase.referenceId,
      shouldMatch: queryCase.shouldMatch,
      audio: async () => (await makeCaseAudio(queryCase, byId.get(queryCase.referenceId)!, ctx.tmp, SEED)).audio,
    }));
    return { references, cases };
  },
};
