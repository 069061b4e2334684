/**
 * Exact-reuse queries made from recordings with ffmpeg, shared by the sources that have recordings to reuse (the
 * GM renders of 'effects', the produced tracks of 'recordings'). Per catalogued recording: one effects chain
 * (reverb, compression, EQ, stereo width, lossy MP3), a pitch shift of ±1–3 semitones, a speed change of
 * 80–125 % and a 5–12 s sample mixed at equal loudness under a recording the catalogue does not hold. Per
 * uncatalogued recording: an original, through an effects chain.
 */
import {
  createRng,
  EFFECT_CHAINS,
  applyFilter,
  mixSample,
  pitchShiftFilter,
  speedFilter,
} from '@originality/music-synth';
import type { EffectChain } from '@originality/music-synth';
import { decodeAudio } from '@originality/music-analysis';
import { cachedFile } from '../cache';
import type { SourceCase, SourceKind } from './source';

/** A recording queries are made from: a file on disk (made on demand, e.g. rendered into the cache). */
export interface Recording {
  id: string;
  title: string;
  /** In the catalogue, or kept out (an original, and a backing for samples). */
  catalogued: boolean;
  file: () => Promise<string>;
}

/** Where in the recordings the queries are cut, and the case ids' prefix. */
export interface ReusePlan {
  prefix: string;
  /** The stretch of each recording a query is made from. */
  window: { start: number; seconds: number };
  /** The range (whole seconds) a sample's start is drawn from, and where the backing it goes under starts. */
  sampleStart: { min: number; max: number };
  backingStartSec: number;
}

const PITCHES = [1, -1, 2, -2, 3, -3];
const SPEEDS = [0.8, 1.25, 0.9, 1.1, 0.85, 1.15];

const trim = (start: number, seconds: number) => `atrim=${start}:${start + seconds},asetpts=PTS-STARTPTS`;

/**
 * The reuse cases of `recordings` (those of one split); samples go under `backings` (uncatalogued recordings of
 * either split, so every split has some).
 */
export function reuseCases(recordings: Recording[], backings: Recording[], plan: ReusePlan): SourceCase[] {
  const window = trim(plan.window.start, plan.window.seconds);
  const cases: SourceCase[] = [];
  recordings
    .filter((r) => r.catalogued)
    .forEach((recording, i) => {
      const chain = EFFECT_CHAINS[i % EFFECT_CHAINS.length];
      const st = PITCHES[i % PITCHES.length];
      const speed = SPEEDS[i % SPEEDS.length];
      const make = (kind: SourceKind, variant: string, filter: string, output?: EffectChain['output']) =>
        caseOf(plan, recording, kind, variant, filtered(recording, `${window},${filter}`, output));
      cases.push(
        make('effects-copy', chain.name, chain.filter, chain.output),
        make('pitched-copy', `${st > 0 ? '+' : ''}${st} st`, pitchShiftFilter(st)),
        make('tempo-copy', `${Math.round(speed * 100)} % speed`, speedFilter(speed)),
        sampleCase(plan, recording, backings[i % backings.length]),
      );
    });
  recordings
    .filter((r) => !r.catalogued)
    .forEach((recording, i) => {
      const chain = EFFECT_CHAINS[(i + 3) % EFFECT_CHAINS.length];
      const variant = `kept out of the catalogue, ${chain.name}`;
      const audio = filtered(recording, `${window},${chain.filter}`, chain.output);
      cases.push(caseOf(plan, recording, 'original', variant, audio));
    });
  return cases;
}

/** A query made by one ffmpeg filter graph over a recording, cached. */
function filtered(recording: Recording, filter: string, output?: EffectChain['output']): SourceCase['audio'] {
  return async () => {
    const source = await recording.file();
    const args = output?.args ?? [];
    const path = await cachedFile(`${source}\n${filter}\n${args.join(' ')}`, output?.extension ?? 'wav', (out) =>
      applyFilter(source, filter, out, args),
    );
    return decodeAudio(path);
  };
}

function caseOf(
  plan: ReusePlan,
  recording: Recording,
  kind: SourceKind,
  variant: string,
  audio: SourceCase['audio'],
): SourceCase {
  const shouldMatch = kind !== 'original';
  return {
    id: `${plan.prefix}-${kind}-${recording.id}`,
    kind,
    variant,
    referenceId: shouldMatch ? recording.id : null,
    pieceId: recording.id,
    shouldMatch,
    audio,
  };
}

function sampleCase(plan: ReusePlan, recording: Recording, backing: Recording): SourceCase {
  const rng = createRng(`${plan.prefix}:sample:${recording.id}`);
  const sampleSeconds = rng.int(5, 12);
  const sampleStartSec = rng.int(plan.sampleStart.min, plan.sampleStart.max);
  const atSec = rng.int(3, 10);
  const variant = `${sampleSeconds} s from ${sampleStartSec} s, mixed at equal loudness at ${atSec} s into "${backing.title}"`;
  return caseOf(plan, recording, 'sample', variant, async () => {
    const [source, under] = [await recording.file(), await backing.file()];
    const mix = {
      source,
      sampleStartSec,
      sampleSeconds,
      backing: under,
      backingSeconds: 25,
      atSec,
      backingStartSec: plan.backingStartSec,
    };
    return decodeAudio(await cachedFile(JSON.stringify(mix), 'wav', (out) => mixSample(mix, out)));
  });
}
