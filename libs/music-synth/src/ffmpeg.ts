/** Runs the bundled ffmpeg: MP3 encoding of rendered pieces, and the evaluation's pitch shifts, time stretches and effects. */
import { spawn } from 'node:child_process';

export function ffmpegPath(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** Runs ffmpeg with the given arguments; rejects with the tail of its stderr when it fails. */
export function runFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg ${args.join(' ')} failed (${code}): ${stderr}`)),
    );
  });
}
