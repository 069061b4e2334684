/**
 * What the speed benchmarks share: the 3-minute query MP3, ffmpeg's own decode time of a file, and timed warm
 * analyses (end-to-end.ts prints them in the bench table, speed-check.ts compares code versions with them).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { AnalysisStage } from '@originality/contracts';
import { analyseFile, type CatalogueIndex } from '@originality/music-analysis';
import {
  DEFAULT_SAMPLE_RATE,
  composePiece,
  ffmpegPath,
  renderPiece,
  runFfmpeg,
  writeWav,
} from '@originality/music-synth';
import { log } from './child';

export const QUERY_SECONDS = 180;
export const QUERY_BITRATE = '192k';
const DECODE_RUNS = 3;

/** A 3-minute piece from the in-repo synthesiser, encoded at 192 kbit/s like a typical upload; returns its path. */
export async function renderQueryMp3(dir: string): Promise<string> {
  log('rendering and encoding the 3-minute query MP3');
  const piece = composePiece('bench-query', { style: 'pop', seconds: QUERY_SECONDS });
  const wav = join(dir, 'query.wav');
  writeWav(wav, renderPiece(piece, { seconds: QUERY_SECONDS, sampleRate: DEFAULT_SAMPLE_RATE }), DEFAULT_SAMPLE_RATE);
  const mp3 = join(dir, 'query.mp3');
  await runFfmpeg(['-y', '-i', wav, '-codec:a', 'libmp3lame', '-b:a', QUERY_BITRATE, '-ar', '44100', mp3]);
  return mp3;
}

/** ffmpeg decoding the file to nothing: the floor any analysis of it pays. Best of a few runs. */
export async function ffmpegDecodeTime(file: string, runs = DECODE_RUNS): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        ffmpegPath(),
        ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-f', 'null', '-'],
        { stdio: 'ignore' },
      );
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg decode exited with ${code}`))));
    });
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

export interface TimedAnalysis {
  totalMs: number;
  stagesMs: Record<string, number>;
}

/** Wall time of analyseFile and of each progress stage (from its first report to the next stage's). */
export async function timedAnalysis(file: string, index: CatalogueIndex): Promise<TimedAnalysis> {
  const starts: [AnalysisStage, number][] = [];
  const started = performance.now();
  await analyseFile(file, index, {
    onProgress: (stage) => {
      if (starts[starts.length - 1]?.[0] !== stage) starts.push([stage, performance.now()]);
    },
  });
  const ended = performance.now();
  const stagesMs: Record<string, number> = {};
  starts.forEach(([stage, at], i) => (stagesMs[stage] = (starts[i + 1]?.[1] ?? ended) - at));
  return { totalMs: ended - started, stagesMs };
}

/** The run with the median total time of `runs` runs. */
export async function medianRun<T extends { totalMs: number }>(run: () => Promise<T>, runs: number): Promise<T> {
  const done: T[] = [];
  for (let i = 0; i < runs; i++) done.push(await run());
  return done.sort((a, b) => a.totalMs - b.totalMs)[Math.floor(runs / 2)]!;
}
