/**
 * Audio decoding at the engine's edge: ffmpeg turns any supported file into mono float32 PCM at
 * ANALYSIS_SAMPLE_RATE. This is the only module of the engine that does I/O.
 *
 * ffmpeg writes the PCM to a private temporary file, which is read back with one read call into a buffer of its
 * exact size once ffmpeg exits, and then deleted. Measured on a 3-minute MP3: streaming the same 16 MB through a
 * pipe cost 50–80 ms more than the decode itself (64 KiB chunks, ffmpeg stalled on a full pipe, a growing copy on
 * our side), fs.readFile's 512 KiB chunks into a new buffer ≈ 55 ms, one read into a reused buffer ≈ 2 ms. The
 * buffer can be the caller's (`storage`, e.g. a pooled SharedArrayBuffer a helper thread reads without a copy);
 * the samples are a view on it. With `onSamples` the file is read while it grows instead. Decoding stops at
 * `maxDurationSec` (ffmpeg's `-t`, so the file is at most 4 bytes × rate × that), and ffmpeg is killed if it runs
 * longer than `timeoutMs`. ffmpeg is started by a launcher process (ffmpeg-launcher.ts), or from here when it
 * reads its input from stdin.
 */
import { randomBytes } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { endianness, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYSIS_SAMPLE_RATE, DECODE_TIMEOUT_MS, MAX_DECODE_SEC } from '../constants';
import { AudioDecodeError } from './errors';
import { ffmpegLauncher } from './ffmpeg-launcher';
import { runProgram } from './run-program';
import type { PcmAudio } from '../types';

export interface DecodeOptions {
  /** Output sample rate (Hz); defaults to ANALYSIS_SAMPLE_RATE. */
  sampleRate?: number;
  /** Decode at most this many seconds; defaults to MAX_DECODE_SEC (15 min). */
  maxDurationSec?: number;
  /** Kill ffmpeg after this many ms; defaults to DECODE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** ffmpeg binary; defaults to env FFMPEG_PATH, then the @ffmpeg-installer binary. */
  ffmpegPath?: string;
  /**
   * Where the samples go: a buffer of at least `bytes` bytes. Default: a new ArrayBuffer. Reusing one saves the
   * page faults of fresh memory (≈ 3 ms per MB on some virtual machines, ≈ 45 ms for 3 minutes of PCM).
   */
  storage?: (bytes: number) => ArrayBufferLike;
  /**
   * Called while ffmpeg is still decoding, each time more samples are final, with all of them so far (a growing
   * view on the same buffer), so that analysis can run beside the decode. The buffer then holds the longest
   * possible decode (`maxDurationSec`); only the pages written are ever touched.
   */
  onSamples?: (samples: Float32Array) => void;
  /**
   * With `onSamples`: called when ffmpeg has written nothing new since the last look, a chance to do work deferred
   * from `onSamples` (about a millisecond of it at a time, so that new samples are handed over without delay).
   * Returns whether it did any; if so the file is looked at again at once, else after a short pause.
   */
  onIdle?: () => boolean;
}

/** How long the reader waits before looking for more output when ffmpeg had written nothing new (ms). */
const POLL_MS = 2;

const BYTES_PER_SAMPLE = 4;
/** ffmpeg's words for "this is not something I can demux/decode". */
const UNREADABLE_INPUT =
  /Invalid data found|does not contain any stream|Unknown input format|could not find codec|no 'data' tag|moov atom not found|Format .* detected only with low score/i;

/**
 * The most samples a decode with these options can produce: `maxDurationSec` at the sample rate, plus one second
 * for the resampler's tail. With `onSamples`, `storage` is asked for this many samples' bytes.
 */
export function decodeCapacity(opts: Pick<DecodeOptions, 'sampleRate' | 'maxDurationSec'> = {}): number {
  const sampleRate = opts.sampleRate ?? ANALYSIS_SAMPLE_RATE;
  return Math.ceil((opts.maxDurationSec ?? MAX_DECODE_SEC) * sampleRate) + sampleRate;
}

/** Decode an audio file to mono float PCM. Rejects with an {@link AudioDecodeError}. */
export async function decodeAudio(path: string, opts: DecodeOptions = {}): Promise<PcmAudio> {
  const header = await readHeader(path);
  return runFfmpeg(path, undefined, header, opts);
}

/** Decode audio held in memory, fed to ffmpeg through stdin. Rejects with an {@link AudioDecodeError}. */
export async function decodeAudioBuffer(buf: Buffer, opts: DecodeOptions = {}): Promise<PcmAudio> {
  if (buf.length === 0) throw new AudioDecodeError('EMPTY_AUDIO', 'zero-byte input');
  return runFfmpeg('pipe:0', buf, buf.subarray(0, 16), opts);
}

/** ffmpeg binary: explicit option, then FFMPEG_PATH, then the bundled @ffmpeg-installer binary. */
export function resolveFfmpegPath(explicit?: string): string {
  if (explicit) return explicit;
  if (process.env['FFMPEG_PATH']) return process.env['FFMPEG_PATH'];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch (err) {
    throw new AudioDecodeError('FFMPEG_MISSING', (err as Error).message);
  }
}

async function readHeader(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const header = Buffer.alloc(16);
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    if (bytesRead === 0) throw new AudioDecodeError('EMPTY_AUDIO', 'zero-byte file');
    return header.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Whether the first bytes carry the signature of a common audio container (WAV, AIFF, MP3, FLAC, Ogg,
 * MP4/M4A, MPEG audio frame sync). A file that looks like audio but fails to decode is "corrupt";
 * anything else is "unsupported".
 */
export function looksLikeAudio(header: Buffer): boolean {
  const ascii = header.toString('latin1');
  if (/^(RIFF|FORM|ID3|fLaC|OggS)/.test(ascii)) return true;
  if (ascii.slice(4, 8) === 'ftyp') return true;
  return header.length >= 2 && header[0] === 0xff && (header[1]! & 0xe0) === 0xe0;
}

function ffmpegArgs(input: string, output: string, sampleRate: number, maxDurationSec: number): string[] {
  return [
    '-y',
    '-hide_banner',
    '-nostats',
    '-v',
    'error',
    '-i',
    input,
    '-t',
    String(maxDurationSec),
    '-vn',
    '-sn',
    '-dn',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-f',
    'f32le',
    '-acodec',
    'pcm_f32le',
    output,
  ];
}

async function runFfmpeg(
  input: string,
  stdinData: Buffer | undefined,
  header: Buffer,
  opts: DecodeOptions,
): Promise<PcmAudio> {
  const sampleRate = opts.sampleRate ?? ANALYSIS_SAMPLE_RATE;
  const maxDurationSec = opts.maxDurationSec ?? MAX_DECODE_SEC;
  const timeoutMs = opts.timeoutMs ?? DECODE_TIMEOUT_MS;
  if (!(sampleRate > 0) || !(maxDurationSec > 0) || !(timeoutMs > 0)) {
    throw new RangeError('sampleRate, maxDurationSec and timeoutMs must be positive');
  }
  const ffmpegPath = resolveFfmpegPath(opts.ffmpegPath);
  const output = join(tmpdir(), `originality-decode-${process.pid}-${randomBytes(6).toString('hex')}.f32`);
  try {
    const args = ffmpegArgs(input, output, sampleRate, maxDurationSec);
    const exited = runToExit(ffmpegPath, args, stdinData, timeoutMs);
    const samples = opts.onSamples
      ? await readWhileDecoding(output, exited, decodeCapacity(opts), opts)
      : await exited.then(() => readPcm(output, opts.storage));
    const { code, stderr } = await exited;
    const failure = classifyExit(code, samples.length, stderr, header);
    if (failure) throw failure;
    return { samples, sampleRate, durationSec: samples.length / sampleRate };
  } finally {
    await rm(output, { force: true });
  }
}

/**
 * Runs ffmpeg to its exit: exit code and the tail of its stderr. Rejects on a timeout or a missing binary. Without
 * stdin data ffmpeg is started by the launcher process (ffmpeg-launcher.ts says why); with it, from here.
 */
async function runToExit(
  ffmpegPath: string,
  args: string[],
  stdinData: Buffer | undefined,
  timeoutMs: number,
): Promise<{ code: number | null; stderr: string }> {
  const run = stdinData
    ? await runProgram(ffmpegPath, args, { timeoutMs, stdin: stdinData })
    : await ffmpegLauncher().run(ffmpegPath, args, timeoutMs);
  if (run.spawnError !== undefined) {
    const missing = run.spawnError === 'ENOENT' || run.spawnError === 'EACCES';
    if (missing) throw new AudioDecodeError('FFMPEG_MISSING', `${ffmpegPath}: ${run.spawnError}`);
    throw new Error(`ffmpeg could not be started: ${run.spawnError}`);
  }
  if (run.timedOut) throw new AudioDecodeError('DECODE_TIMEOUT', `no result after ${timeoutMs} ms`);
  return { code: run.code, stderr: run.stderr };
}

/** Turn ffmpeg's exit into a typed error, or null when the decode produced audio. */
export function classifyExit(
  code: number | null,
  sampleCount: number,
  stderr: string,
  header: Buffer,
): AudioDecodeError | null {
  const detail = lastLine(stderr);
  if (code !== 0) {
    if (sampleCount === 0 && UNREADABLE_INPUT.test(stderr) && !looksLikeAudio(header)) {
      return new AudioDecodeError('UNSUPPORTED_FORMAT', detail);
    }
    return new AudioDecodeError('CORRUPT_AUDIO', detail || `ffmpeg exited with ${code}`);
  }
  if (sampleCount === 0) return new AudioDecodeError('EMPTY_AUDIO', detail || 'no audio samples');
  return null;
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return lines[lines.length - 1]?.trim() ?? '';
}

/** ffmpeg's little-endian float32 output as samples in host order, read in one piece; none when it wrote no file. */
async function readPcm(path: string, storage?: (bytes: number) => ArrayBufferLike): Promise<Float32Array> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return new Float32Array(0);
  try {
    const count = Math.floor((await handle.stat()).size / BYTES_PER_SAMPLE);
    const byteLength = count * BYTES_PER_SAMPLE;
    const buffer = storage ? storage(byteLength) : new ArrayBuffer(byteLength);
    const bytes = new Uint8Array(buffer, 0, byteLength);
    const read = await readToEnd(handle, bytes, 0);
    const samples = new Float32Array(buffer, 0, Math.floor(read / BYTES_PER_SAMPLE));
    if (endianness() !== 'LE') swapToHostOrder(bytes, samples.length);
    return samples;
  } finally {
    await handle.close();
  }
}

/**
 * Reads ffmpeg's output as it grows (the file, unlike a pipe, never makes ffmpeg wait for us), handing every new
 * whole sample to `onSamples`. Stops once ffmpeg has exited and the file is read to its end, or at `capacity`.
 */
async function readWhileDecoding(
  path: string,
  exited: Promise<unknown>,
  capacity: number,
  opts: Pick<DecodeOptions, 'storage' | 'onSamples' | 'onIdle'>,
): Promise<Float32Array> {
  if (endianness() !== 'LE') {
    const samples = await exited.then(() => readPcm(path, opts.storage));
    opts.onSamples?.(samples);
    return samples;
  }
  let ended = false;
  exited.then(
    () => (ended = true),
    () => (ended = true),
  );
  const byteCapacity = capacity * BYTES_PER_SAMPLE;
  const bytes = new Uint8Array(
    opts.storage ? opts.storage(byteCapacity) : new ArrayBuffer(byteCapacity),
    0,
    byteCapacity,
  );
  let handle: FileHandle | undefined;
  let read = 0;
  let reported = 0;
  try {
    for (;;) {
      // Whatever ffmpeg wrote before it exited is in the file when this read starts.
      const last = ended;
      handle ??= await open(path, 'r').catch(() => undefined);
      if (handle) read = await readToEnd(handle, bytes, read);
      const count = Math.floor(read / BYTES_PER_SAMPLE);
      const grew = count > reported;
      if (grew) opts.onSamples?.(new Float32Array(bytes.buffer, 0, (reported = count)));
      if (last || read === byteCapacity) break;
      // After a batch of work, ffmpeg has likely written more already: look again at once.
      const busy = grew || (opts.onIdle?.() ?? false);
      await new Promise((resolve) => (busy ? setImmediate(resolve) : setTimeout(resolve, POLL_MS)));
    }
  } finally {
    await handle?.close();
  }
  return new Float32Array(bytes.buffer, 0, reported);
}

/** Reads from `offset` until the end of the file or of `bytes`; the new offset. */
async function readToEnd(handle: FileHandle, bytes: Uint8Array, offset: number): Promise<number> {
  while (offset < bytes.length) {
    const { bytesRead } = await handle.read(bytes, offset, bytes.length - offset, offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
  }
  return offset;
}

/** f32le → host order on big-endian machines (rare; kept so the engine stays correct everywhere). */
function swapToHostOrder(bytes: Uint8Array, count: number): void {
  for (let i = 0; i < count * 4; i += 4) {
    const b0 = bytes[i]!,
      b1 = bytes[i + 1]!;
    bytes[i] = bytes[i + 3]!;
    bytes[i + 1] = bytes[i + 2]!;
    bytes[i + 2] = b1;
    bytes[i + 3] = b0;
  }
}
