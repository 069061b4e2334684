/** The 'second-synth' source: the independent additive synthesiser's catalogue and queries (second-synth/set.ts). */
import { secondSynthSet } from '../second-synth/set';
import type { SecondSynthKind } from '../second-synth/set';
import { SECOND_SYNTH_RATE } from '../second-synth/synth';
import { pcm, splitOf } from './source';
import type { BuildContext, CaseSource, SourceBuild, SourceKind } from './source';

const KIND: Record<SecondSynthKind, SourceKind> = {
  cover: 'cover',
  melody: 'borrowed-melody',
  prog: 'progression-only',
  original: 'original',
};

const songId = (index: number) => `r${index}`;

export const secondSynthSource: CaseSource = {
  name: 'second-synth',
  description:
    'plain additive synthesis with its own melodies and progressions (tools/eval/second-synth), no code of the main composer',
  unavailable: () => null,
  build: async (ctx: BuildContext): Promise<SourceBuild> => {
    const set = ctx.size === 'full' ? secondSynthSet(48, 24) : secondSynthSet(8, 4);
    const references = set.references.map(({ index, render }) => ({
      id: songId(index),
      title: `Ref ${index}`,
      artist: 'Second synth',
      pieceId: songId(index),
      truth: { bpm: set.songs[index].bpm, tonic: set.songs[index].key, mode: 'major' as const },
      audio: async () => pcm(render(), SECOND_SYNTH_RATE),
    }));
    const cases = set.queries
      .filter((q) => splitOf('second-synth', songId(q.song)) === ctx.split)
      .map((q) => ({
        id: q.name,
        kind: KIND[q.kind],
        variant: q.variant,
        referenceId: q.kind === 'original' ? null : songId(q.song),
        pieceId: songId(q.song),
        shouldMatch: q.kind === 'cover' || q.kind === 'melody',
        audio: async () => pcm(q.render(), SECOND_SYNTH_RATE),
      }));
    return { references, cases };
  },
};
