/**
 * Production effects chains as ffmpeg filter graphs: what a mastering engineer, a streaming encoder or a
 * producer reusing a recording does to it. The evaluation applies them to catalogue tracks to check that exact
 * reuse survives them.
 */
import { runFfmpeg } from './ffmpeg';

export interface EffectChain {
  name: string;
  /** The ffmpeg -af filter graph. */
  filter: string;
  /** Output container/codec arguments (default WAV). */
  output?: { extension: string; args: string[] };
}

const mp3 = (kbps: number) => ({ extension: 'mp3', args: ['-codec:a', 'libmp3lame', '-b:a', `${kbps}k`] });

/**
 * Chains that keep pitch and tempo (a "copy with production changes"). Stereo width needs two channels, so that
 * chain widens a stereo input; a mono input passes through `aformat` to stereo first.
 */
export const EFFECT_CHAINS: EffectChain[] = [
  { name: 'hall reverb', filter: 'aecho=0.8:0.7:60|130|210:0.35|0.25|0.15' },
  { name: 'heavy compression', filter: 'acompressor=threshold=0.05:ratio=8:attack=5:release=100:makeup=4' },
  { name: 'bass boost, treble cut', filter: 'equalizer=f=100:t=q:w=1:g=9,lowpass=f=3500' },
  { name: 'telephone band', filter: 'highpass=f=400,lowpass=f=3000' },
  { name: 'wide stereo', filter: 'aformat=channel_layouts=stereo,extrastereo=m=2.5' },
  {
    name: 'reverb + compression + MP3 96k',
    filter: 'aecho=0.8:0.6:80|160:0.3|0.2,acompressor=ratio=4',
    output: mp3(96),
  },
  { name: 'EQ + MP3 64k', filter: 'equalizer=f=2500:t=q:w=1:g=-8,highpass=f=120', output: mp3(64) },
  { name: 'MP3 128k', filter: 'anull', output: mp3(128) },
];

/** rubberband pitch shift by semitones, tempo kept (optionally followed by another filter). */
export function pitchShiftFilter(semitones: number): string {
  return `rubberband=pitch=${Math.pow(2, semitones / 12).toFixed(6)}`;
}

/** rubberband speed change (1.1 = 10 % faster), pitch kept. Rubberband's tempo works where atempo's 0.5–2 does. */
export function speedFilter(factor: number): string {
  return `rubberband=tempo=${factor.toFixed(4)}`;
}

/** Runs one ffmpeg filter graph over a file. */
export function applyFilter(input: string, filter: string, output: string, outputArgs: string[] = []): Promise<void> {
  return runFfmpeg(['-i', input, '-af', filter, ...outputArgs, output]);
}

export interface SampleMix {
  /** The recording a sample is taken from. */
  source: string;
  sampleStartSec: number;
  sampleSeconds: number;
  /** The track the sample is mixed under. */
  backing: string;
  backingSeconds: number;
  /** Where in the backing the mix starts (default 0: produced tracks may open on a quiet intro). */
  backingStartSec?: number;
  /** Where in the backing the sample enters. */
  atSec: number;
}

/**
 * A sample of one recording mixed at equal loudness (both loudness-normalised to −20 LUFS) into another
 * track: the common case of a producer lifting a few seconds of someone else's record.
 */
export function mixSample(mix: SampleMix, output: string): Promise<void> {
  const end = mix.sampleStartSec + mix.sampleSeconds;
  const delayMs = Math.round(mix.atSec * 1000);
  const backingStart = mix.backingStartSec ?? 0;
  // Both sides to stereo at one rate first: adelay takes one delay per channel (the bundled ffmpeg has no 'all').
  const norm = 'loudnorm=I=-20,aformat=sample_rates=22050:channel_layouts=stereo';
  const graph =
    `[0:a]atrim=${backingStart}:${backingStart + mix.backingSeconds},asetpts=PTS-STARTPTS,${norm}[b];` +
    `[1:a]atrim=${mix.sampleStartSec}:${end},asetpts=PTS-STARTPTS,${norm},adelay=${delayMs}|${delayMs}[s];` +
    '[b][s]amix=inputs=2:duration=first[m]';
  return runFfmpeg(['-i', mix.backing, '-i', mix.source, '-filter_complex', graph, '-map', '[m]', output]);
}
