/**
 * Labelled query cases for the evaluation. Each case knows which catalogue track it came from (if any) and
 * how it was changed; its audio is made from the synth (re-rendered music) or with ffmpeg (signal changes).
 * All choices come from seeded generators, so a case list is reproducible.
 */
import { join } from 'node:path';
import {
  INSTRUMENTS,
  createRng,
  excerpt,
  melodyOverNewChords,
  newPieceInSameStyle,
  progressionUnderNewMelody,
  renderPiece,
  reorchestrate,
  runFfmpeg,
  transpose,
  withTempo,
  writeWav,
} from '@originality/music-synth';
import type { DemoTrack, Instrument, Rng } from '@originality/music-synth';
import { decodeAudio } from '@originality/music-analysis';
import type { PcmAudio } from '@originality/music-analysis';

export const SAMPLE_RATE = 22050;

export const CASE_KINDS = [
  'copy-noise',
  'copy-lossy',
  'pitch-shift',
  'time-stretch',
  'cover',
  'melody-only',
  'progression-only',
  'original',
] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

export interface QueryCase {
  id: string;
  kind: CaseKind;
  /** What exactly was done, e.g. "10 s excerpt, 5 dB SNR". */
  variant: string;
  /** The catalogue track this case derives from (for originals: the track whose style it shares). */
  referenceId: string;
  /** True when the right answer is to identify `referenceId`; false for progression-only and originals. */
  shouldMatch: boolean;
}

export type CaseCounts = Record<CaseKind, number>;

const TONAL: Exclude<Instrument, 'drums'>[] = INSTRUMENTS.filter(
  (i): i is Exclude<Instrument, 'drums'> => i !== 'drums',
);

interface Variant {
  label: string;
  make: (ctx: CaseContext) => Promise<PcmAudio>;
}

/** Query audio and, where the case drew its parameters at random, what it drew. */
export interface CaseAudio {
  audio: PcmAudio;
  detail?: string;
}

interface CaseContext {
  track: DemoTrack;
  rng: Rng;
  tmp: string;
  id: string;
  /** Set by variants that draw parameters, for the report. */
  detail?: string;
}

/** The catalogue audio of a track, rendered exactly as the catalogue side did. */
export function renderReference(track: DemoTrack): Float32Array {
  return renderPiece(track.piece, { sampleRate: SAMPLE_RATE, seed: track.renderSeed, seconds: 30 });
}

function pcm(samples: Float32Array): PcmAudio {
  return { samples, sampleRate: SAMPLE_RATE, durationSec: samples.length / SAMPLE_RATE };
}

function cut(ctx: CaseContext, seconds: number): Float32Array {
  const full = renderReference(ctx.track);
  const latest = Math.max(0, full.length / SAMPLE_RATE - seconds);
  return excerpt(full, SAMPLE_RATE, seconds >= 30 ? 0 : ctx.rng.range(0, latest), seconds);
}

/** Adds noise (half white, half low-passed, like room and tape noise) at the given SNR. */
function withNoise(samples: Float32Array, snrDb: number, rng: Rng): Float32Array {
  const noise = new Float32Array(samples.length);
  let lp = 0;
  for (let i = 0; i < noise.length; i++) {
    const white = rng.next() + rng.next() - 1;
    lp += 0.05 * (white - lp);
    noise[i] = 0.5 * white + 4 * lp;
  }
  const signalPower = power(samples);
  const scale = Math.sqrt(signalPower / Math.pow(10, snrDb / 10) / (power(noise) || 1));
  const out = new Float32Array(samples.length);
  let peak = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = samples[i] + scale * noise[i];
    peak = Math.max(peak, Math.abs(out[i]));
  }
  if (peak > 1) for (let i = 0; i < out.length; i++) out[i] /= peak;
  return out;
}

function power(samples: Float32Array): number {
  let s = 0;
  for (let i = 0; i < samples.length; i++) s += samples[i] * samples[i];
  return s / Math.max(1, samples.length);
}

/** Writes the samples, runs an ffmpeg transformation and decodes the result the way uploads are decoded. */
async function throughFfmpeg(
  ctx: CaseContext,
  samples: Float32Array,
  extension: string,
  args: string[],
): Promise<PcmAudio> {
  const input = join(ctx.tmp, `${ctx.id}.in.wav`);
  const output = join(ctx.tmp, `${ctx.id}.out.${extension}`);
  writeWav(input, samples, SAMPLE_RATE);
  await runFfmpeg(['-i', input, ...args, output]);
  return decodeAudio(output);
}

const rubberband = (filter: string) => ['-af', `rubberband=${filter}`];

function excerptVariants(build: (seconds: number) => Variant[]): Variant[] {
  return [10, 30].flatMap((seconds) => build(seconds));
}

const VARIANTS: Record<CaseKind, Variant[]> = {
  'copy-noise': excerptVariants((s) =>
    [20, 10, 5].map((snr) => ({
      label: `${s} s excerpt, ${snr} dB SNR`,
      make: async (ctx) => pcm(withNoise(cut(ctx, s), snr, ctx.rng)),
    })),
  ),
  'copy-lossy': excerptVariants((s) => [
    {
      label: `${s} s excerpt, MP3 64 kbit/s`,
      make: (ctx) => throughFfmpeg(ctx, cut(ctx, s), 'mp3', ['-codec:a', 'libmp3lame', '-b:a', '64k']),
    },
    {
      label: `${s} s excerpt, AAC 64 kbit/s`,
      make: (ctx) => throughFfmpeg(ctx, cut(ctx, s), 'm4a', ['-codec:a', 'aac', '-b:a', '64k']),
    },
  ]),
  'pitch-shift': excerptVariants((s) =>
    [1, -1].map((st) => ({
      label: `${s} s excerpt, ${st > 0 ? '+' : ''}${st} semitone`,
      make: (ctx) => throughFfmpeg(ctx, cut(ctx, s), 'wav', rubberband(`pitch=${Math.pow(2, st / 12).toFixed(6)}`)),
    })),
  ),
  'time-stretch': excerptVariants((s) =>
    [1.05, 0.95].map((tempo) => ({
      label: `${s} s excerpt, ${tempo > 1 ? '+' : '−'}5 % speed`,
      make: (ctx) => throughFfmpeg(ctx, cut(ctx, s), 'wav', rubberband(`tempo=${tempo}`)),
    })),
  ),
  cover: [{ label: 'cover', make: async (ctx) => pcm(renderCover(ctx)) }],
  'melody-only': [{ label: 'melody over other chords', make: async (ctx) => pcm(renderMelodyOnly(ctx)) }],
  'progression-only': [
    { label: 'chord progression under a new melody', make: async (ctx) => pcm(renderProgressionOnly(ctx)) },
  ],
  original: [
    {
      label: 'new piece, same style',
      make: async (ctx) =>
        pcm(renderPiece(newPieceInSameStyle(ctx.track.piece, `${ctx.id}:new`), { seed: ctx.rng.int(1, 1e9) })),
    },
  ],
};

/** Same notes; transposed 1–5 semitones, tempo changed 5–20 %, other instruments and drums, other render noise. */
function renderCover(ctx: CaseContext): Float32Array {
  const { rng } = ctx;
  const semitones = rng.pick([-1, 1]) * rng.int(1, 5);
  const tempo = rng.pick([-1, 1]) * rng.range(0.05, 0.2) + 1;
  const piece = reorchestrate(withTempo(transpose(ctx.track.piece, semitones), tempo), `${ctx.id}:band`);
  const instruments = ['melody', 'chords', 'bass']
    .map((role) => piece.tracks.find((t) => t.role === role)?.instrument)
    .join('/');
  ctx.detail = `${semitones > 0 ? '+' : ''}${semitones} st, ${tempo.toFixed(2)}× tempo, ${instruments}`;
  return renderPiece(piece, { seed: rng.int(1, 1e9), melodyVibrato: rng.chance(0.5) ? 0.2 : 0 });
}

/** The melody kept; chords, bass and drums new; half the time another lead instrument. */
function renderMelodyOnly(ctx: CaseContext): Float32Array {
  const { rng } = ctx;
  const piece = melodyOverNewChords(ctx.track.piece, `${ctx.id}:chords`);
  const lead = rng.chance(0.5) ? { melody: rng.pick(TONAL) } : undefined;
  return renderPiece(piece, { seed: rng.int(1, 1e9), instruments: lead });
}

/** The chords (and their instrument and comping) kept; melody, bass line and drums new. */
function renderProgressionOnly(ctx: CaseContext): Float32Array {
  return renderPiece(progressionUnderNewMelody(ctx.track.piece, `${ctx.id}:tune`), { seed: ctx.rng.int(1, 1e9) });
}

/**
 * The case list: for each kind, `counts[kind]` cases spread over the catalogue (each kind walks the
 * tracks in its own shuffled order) and cycling through the kind's variants.
 */
export function planCases(tracks: DemoTrack[], counts: CaseCounts, seed: string): QueryCase[] {
  const cases: QueryCase[] = [];
  for (const kind of CASE_KINDS) {
    const rng = createRng(`${seed}:plan:${kind}`);
    const order = shuffle(
      tracks.map((t) => t.id),
      rng,
    );
    const variants = VARIANTS[kind];
    for (let k = 0; k < counts[kind]; k++) {
      cases.push({
        id: `${kind}-${String(k + 1).padStart(3, '0')}`,
        kind,
        variant: variants[k % variants.length].label,
        referenceId: order[k % order.length],
        shouldMatch: kind !== 'progression-only' && kind !== 'original',
      });
    }
  }
  return cases;
}

/** Makes the query audio of a case (temporary files go to `tmp`). */
export async function makeCaseAudio(
  queryCase: QueryCase,
  track: DemoTrack,
  tmp: string,
  seed: string,
): Promise<CaseAudio> {
  const variant = VARIANTS[queryCase.kind].find((v) => v.label === queryCase.variant);
  if (!variant) throw new Error(`unknown variant ${queryCase.variant}`);
  const ctx: CaseContext = { track, tmp, id: queryCase.id, rng: createRng(`${seed}:case:${queryCase.id}`) };
  const audio = await variant.make(ctx);
  return { audio, detail: ctx.detail };
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
