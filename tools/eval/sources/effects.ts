/**
 * The 'effects' source: exact reuse of the GM catalogue recordings through production changes made with ffmpeg.
 * Queries per catalogued piece: one effects chain (reverb, compression, EQ, stereo width, lossy MP3), a pitch
 * shift of ±1–3 semitones, a speed change of 80–125 %, and a 5–12 s sample mixed at equal loudness under a piece
 * the catalogue does not hold. Originals: the uncatalogued pieces through an effects chain.
 */
import {
  createRng,
  EFFECT_CHAINS,
  applyFilter,
  mixSample,
  pitchShiftFilter,
  speedFilter,
  soundfontUnavailable,
} from '@originality/music-synth';
import type { EffectChain } from '@originality/music-synth';
import { decodeAudio } from '@originality/music-analysis';
import { cachedFile } from '../cache';
import { gmPieces, renderCatalogueGm } from './gm-pieces';
import type { GmPiece } from './gm-pieces';
import { gmReferences } from './gm';
import { splitOf } from './source';
import type { BuildContext, CaseSource, SourceBuild, SourceCase, SourceKind } from './source';

const PITCHES = [1, -1, 2, -2, 3, -3];
const SPEEDS = [0.8, 1.25, 0.9, 1.1, 0.85, 1.15];
/** The stretch of each recording a query is made from (catalogue renders last 40 s or more). */
const WINDOW = { start: 3, seconds: 25 };

const trim = (start: number, seconds: number) => `atrim=${start}:${start + seconds},asetpts=PTS-STARTPTS`;

/** A query made by one ffmpeg filter graph over a piece's catalogue render, cached. */
function filtered(
  piece: GmPiece,
  filter: string,
  scratch: string,
  output?: EffectChain['output'],
): SourceCase['audio'] {
  return async () => {
    const source = await renderCatalogueGm(piece, scratch);
    const args = output?.args ?? [];
    const path = await cachedFile(`${source}\n${filter}\n${args.join(' ')}`, output?.extension ?? 'wav', (out) =>
      applyFilter(source, filter, out, args),
    );
    return decodeAudio(path);
  };
}

function caseOf(piece: GmPiece, kind: SourceKind, variant: string, audio: SourceCase['audio']): SourceCase {
  const shouldMatch = kind !== 'original';
  return {
    id: `fx-${kind}-${piece.id}`,
    kind,
    variant,
    referenceId: shouldMatch ? piece.id : null,
    pieceId: piece.id,
    shouldMatch,
    audio,
  };
}

function sampleCase(piece: GmPiece, backing: GmPiece, scratch: string): SourceCase {
  const rng = createRng(`fx:sample:${piece.id}`);
  const sampleSeconds = rng.int(5, 12);
  const sampleStartSec = rng.int(2, 20);
  const atSec = rng.int(3, 10);
  const variant = `${sampleSeconds} s from ${sampleStartSec} s, mixed at equal loudness at ${atSec} s into "${backing.title}"`;
  return caseOf(piece, 'sample', variant, async () => {
    const [source, under] = [await renderCatalogueGm(piece, scratch), await renderCatalogueGm(backing, scratch)];
    const mix = { source, sampleStartSec, sampleSeconds, backing: under, backingSeconds: 25, atSec };
    return decodeAudio(await cachedFile(JSON.stringify(mix), 'wav', (out) => mixSample(mix, out)));
  });
}

export const effectsSource: CaseSource = {
  name: 'effects',
  description:
    'the GM catalogue recordings through ffmpeg effects chains (aecho reverb, acompressor, equalizer/highpass/' +
    'lowpass, extrastereo, rubberband pitch and tempo, MP3 64–128k) and as samples mixed under other pieces (amix)',
  unavailable: soundfontUnavailable,
  build: async (ctx: BuildContext): Promise<SourceBuild> => {
    const pieces = gmPieces(ctx.size, (p) => splitOf('effects', p.id) === ctx.split);
    const backings = pieces.filter((p) => !p.catalogued);
    const inSplit = pieces.filter((p) => splitOf('effects', p.id) === ctx.split);
    const cases: SourceCase[] = [];
    inSplit
      .filter((p) => p.catalogued)
      .forEach((piece, i) => {
        const chain = EFFECT_CHAINS[i % EFFECT_CHAINS.length];
        const window = trim(WINDOW.start, WINDOW.seconds);
        cases.push(
          caseOf(
            piece,
            'effects-copy',
            chain.name,
            filtered(piece, `${window},${chain.filter}`, ctx.tmp, chain.output),
          ),
        );
        const st = PITCHES[i % PITCHES.length];
        cases.push(
          caseOf(
            piece,
            'pitched-copy',
            `${st > 0 ? '+' : ''}${st} st`,
            filtered(piece, `${window},${pitchShiftFilter(st)}`, ctx.tmp),
          ),
        );
        const speed = SPEEDS[i % SPEEDS.length];
        cases.push(
          caseOf(
            piece,
            'tempo-copy',
            `${Math.round(speed * 100)} % speed`,
            filtered(piece, `${window},${speedFilter(speed)}`, ctx.tmp),
          ),
        );
        cases.push(sampleCase(piece, backings[i % backings.length], ctx.tmp));
      });
    inSplit
      .filter((p) => !p.catalogued)
      .forEach((piece, i) => {
        const chain = EFFECT_CHAINS[(i + 3) % EFFECT_CHAINS.length];
        const filter = `${trim(WINDOW.start, WINDOW.seconds)},${chain.filter}`;
        cases.push(
          caseOf(
            piece,
            'original',
            `kept out of the catalogue, ${chain.name}`,
            filtered(piece, filter, ctx.tmp, chain.output),
          ),
        );
      });
    return { references: gmReferences(pieces, ctx.tmp), cases };
  },
};
