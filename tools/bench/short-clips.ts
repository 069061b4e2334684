/**
 * Measuring tool (not part of the evaluation): how short a clip uploaded on its own can be and still be found. For
 * the first 20 catalogue tracks of one evaluation source (tuning split), an excerpt of each length from 20 s in (or
 * from the start of a shorter track) is analysed against the whole catalogue; prints, per length, how often the
 * source is top-1 and top-1 at similarity ≥ 80, and every source similarity. Figures: docs/engine-robustness.md.
 *
 *   node tools/run-ts.mjs tools/bench/short-clips.ts [own|recordings|gm|...] [lengths, default 2,3,4,5,8]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractFeatures, type PcmAudio } from '@originality/music-analysis';
import { excerpt } from '@originality/music-synth';
import { SOURCES } from '../eval/sources/all';
import { indexCatalogue } from '../eval/source-eval';
import type { SourceName } from '../eval/sources/source';

const TRACKS = 20;
const FROM_SEC = 20;

/** `seconds` of the track from FROM_SEC in, or from the start of a track too short for that. */
function clipOf(audio: PcmAudio, seconds: number): PcmAudio {
  const from = Math.min(FROM_SEC, Math.max(0, audio.durationSec - seconds - 1));
  const samples = excerpt(audio.samples, audio.sampleRate, from, seconds);
  return { samples, sampleRate: audio.sampleRate, durationSec: samples.length / audio.sampleRate };
}

async function main(): Promise<void> {
  const name = (process.argv[2] ?? 'own') as SourceName;
  const lengths = (process.argv[3] ?? '2,3,4,5,8').split(',').map(Number);
  const source = SOURCES[name];
  if (!source) throw new Error(`unknown source "${name}"`);
  const tmp = mkdtempSync(join(tmpdir(), 'short-clips-'));
  try {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const built = await source.build({ size: 'full', split: 'tuning', tmp, log });
    const { index } = await indexCatalogue(built.references, 'tuning', name, log);
    const tracks = built.references.slice(0, TRACKS);
    for (const seconds of lengths) {
      let top1 = 0;
      let high = 0;
      const similarities: number[] = [];
      for (const ref of tracks) {
        const matches = index.match(extractFeatures(clipOf(await ref.audio(), seconds)));
        const own = matches.find((m) => m.referenceId === ref.id)?.similarity ?? 0;
        if (matches[0]?.referenceId === ref.id) {
          top1++;
          if (own >= 80) high++;
        }
        similarities.push(Math.round(own));
      }
      console.log(
        `${name} ${seconds} s: top-1 ${top1}/${tracks.length}, at ≥ 80 ${high}/${tracks.length}; ${similarities.join(' ')}`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
