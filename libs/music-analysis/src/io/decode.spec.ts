import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { decodeAudio, decodeAudioBuffer } from './decode';
import { AudioDecodeError, type AudioDecodeErrorCode } from './errors';
import { encodeWav, seededRandom, sineTone } from '../../testing/test-signals';

describe('decodeAudio', () => {
  let dir: string;
  const wav = encodeWav(sineTone(440, 2, 44_100), 44_100);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'decode-spec-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function fileWith(name: string, content: Buffer | string): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, content);
    return path;
  }

  /**
   * The same floats bit for bit, compared as bytes: toEqual walks a 30 s decode's 660,000 values one by one for
   * about 5 s, which timed the streaming test out with the other core busy.
   */
  function expectSameSamples(actual: Float32Array, expected: Float32Array): void {
    expect(actual.length).toBe(expected.length);
    const bytes = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    expect(bytes(actual).equals(bytes(expected))).toBe(true);
  }

  async function decodeErrorCode(promise: Promise<unknown>): Promise<AudioDecodeErrorCode> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AudioDecodeError);
    return (err as AudioDecodeError).code;
  }

  it('decodes a WAV file to mono float PCM at the analysis rate with the right duration', async () => {
    const audio = await decodeAudio(await fileWith('tone.wav', wav));
    expect(audio.sampleRate).toBe(ANALYSIS_SAMPLE_RATE);
    expect(audio.durationSec).toBeCloseTo(2, 2);
    expect(audio.samples.length).toBe(Math.round(audio.durationSec * ANALYSIS_SAMPLE_RATE));
    const peak = audio.samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.45);
    expect(peak).toBeLessThan(0.55);
  });

  it('writes the samples into caller-provided storage, the same as into its own', async () => {
    const path = await fileWith('stored.wav', wav);
    const own = await decodeAudio(path);
    const shared = new SharedArrayBuffer(own.samples.byteLength * 2);
    const stored = await decodeAudio(path, { storage: () => shared });
    expect(stored.samples.buffer).toBe(shared);
    expectSameSamples(stored.samples, own.samples);
  });

  it('hands over the samples while decoding, as a growing view of the final ones', async () => {
    const path = await fileWith('long.wav', encodeWav(sineTone(220, 30, 44_100), 44_100));
    const whole = await decodeAudio(path);
    const seen: number[] = [];
    const streamed = await decodeAudio(path, { onSamples: (samples) => seen.push(samples.length) });
    expectSameSamples(streamed.samples, whole.samples);
    expect(seen[seen.length - 1]).toBe(whole.samples.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  }, 30_000); // two decodes of 30 s: 2.8 s in Jest on a quiet machine, past 5 s with the other core busy

  it('decodes audio held in memory through stdin', async () => {
    const audio = await decodeAudioBuffer(wav);
    expect(audio.durationSec).toBeCloseTo(2, 2);
  });

  it('stops at the maximum duration', async () => {
    const audio = await decodeAudio(await fileWith('long.wav', wav), { maxDurationSec: 0.5 });
    expect(audio.durationSec).toBeCloseTo(0.5, 2);
  });

  it('rejects a text file as unsupported', async () => {
    expect(await decodeErrorCode(decodeAudio(await fileWith('notes.txt', 'these are not sounds\n'.repeat(50))))).toBe(
      'UNSUPPORTED_FORMAT',
    );
  });

  it('rejects random bytes with a typed error', async () => {
    const rnd = seededRandom(7);
    const bytes = Buffer.from(Array.from({ length: 8_000 }, () => Math.floor(rnd() * 256)));
    const code = await decodeErrorCode(decodeAudio(await fileWith('random.bin', bytes)));
    expect(['UNSUPPORTED_FORMAT', 'CORRUPT_AUDIO']).toContain(code);
  });

  it('rejects a WAV truncated inside its header as corrupt', async () => {
    expect(await decodeErrorCode(decodeAudio(await fileWith('cut.wav', wav.subarray(0, 30))))).toBe('CORRUPT_AUDIO');
  });

  it('rejects a WAV with a header and no samples', async () => {
    const code = await decodeErrorCode(decodeAudio(await fileWith('header-only.wav', wav.subarray(0, 44))));
    expect(['EMPTY_AUDIO', 'CORRUPT_AUDIO']).toContain(code);
  });

  it('rejects empty input as empty audio', async () => {
    expect(await decodeErrorCode(decodeAudio(await fileWith('empty.wav', Buffer.alloc(0))))).toBe('EMPTY_AUDIO');
    expect(await decodeErrorCode(decodeAudioBuffer(Buffer.alloc(0)))).toBe('EMPTY_AUDIO');
  });

  it('kills ffmpeg and reports a timeout when decoding takes too long', async () => {
    expect(await decodeErrorCode(decodeAudio(await fileWith('slow.wav', wav), { timeoutMs: 1 }))).toBe(
      'DECODE_TIMEOUT',
    );
  });

  it('reports a missing ffmpeg binary', async () => {
    expect(await decodeErrorCode(decodeAudioBuffer(wav, { ffmpegPath: join(dir, 'no-such-ffmpeg') }))).toBe(
      'FFMPEG_MISSING',
    );
  });
});
