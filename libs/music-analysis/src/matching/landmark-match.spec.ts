import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FingerprintIndex } from '../index/fingerprint-index';
import { extractFingerprints } from '../signal/landmarks';
import { matchFingerprints } from './landmark-match';
import { compareExactAudio, MIN_EXACT_VOTES } from './compare';
import { aKey, aMelody, aProgression, aTrack, renderSong } from '../../testing/match-fixtures';
import { encodeWav, pcm, seededRandom, whiteNoise } from '../../testing/test-signals';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import type { Fingerprints, PcmAudio } from '../types';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ffmpeg: string = require('@ffmpeg-installer/ffmpeg').path;
const SR = ANALYSIS_SAMPLE_RATE;

function aSong(seed: number, progression: [number, 'maj' | 'min'][]): PcmAudio {
  return renderSong(aMelody(seed, 90, { bpm: 120 }), aProgression(aKey(0), progression, 20, 120), 40);
}

function excerpt(a: PcmAudio, startSec: number, seconds: number): Float32Array {
  return a.samples.slice(Math.round(startSec * SR), Math.round((startSec + seconds) * SR));
}

/** Adds white noise at the given signal-to-noise ratio (dB). */
function withNoise(x: Float32Array, snrDb: number): Float32Array {
  let power = 0;
  for (const v of x) power += v * v;
  power /= x.length;
  // Uniform noise in [−a, a] has power a²/3.
  const noise = whiteNoise(x.length / SR, 11, SR, Math.sqrt((3 * power) / 10 ** (snrDb / 10)));
  return x.map((v, i) => v + noise[i]);
}

/** Round trip through a 64 kbit/s MP3 with ffmpeg. */
function viaMp3(x: Float32Array): Float32Array {
  const dir = mkdtempSync(join(tmpdir(), 'fp-'));
  try {
    writeFileSync(join(dir, 'in.wav'), encodeWav(x));
    execFileSync(ffmpeg, [
      '-y',
      '-loglevel',
      'error',
      '-i',
      join(dir, 'in.wav'),
      '-codec:a',
      'libmp3lame',
      '-b:a',
      '64k',
      join(dir, 'x.mp3'),
    ]);
    execFileSync(ffmpeg, [
      '-y',
      '-loglevel',
      'error',
      '-i',
      join(dir, 'x.mp3'),
      '-f',
      'f32le',
      '-ac',
      '1',
      '-ar',
      String(SR),
      join(dir, 'out.raw'),
    ]);
    const raw = readFileSync(join(dir, 'out.raw'));
    return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const withFingerprints = (fp: Fingerprints, seed: number) => ({ ...aTrack({ seed }), fingerprints: fp });

describe('landmark fingerprints', () => {
  const original = aSong(1, [
    [0, 'maj'],
    [7, 'maj'],
    [9, 'min'],
    [5, 'maj'],
  ]);
  const decoy = aSong(2, [
    [2, 'min'],
    [4, 'min'],
    [10, 'maj'],
    [3, 'maj'],
  ]);
  const index = new FingerprintIndex();
  const fpOriginal = extractFingerprints(original);
  index.add(7, fpOriginal);
  index.add(8, extractFingerprints(decoy));
  const cut = excerpt(original, 12.3, 10);

  it('keeps the landmark density near the index budget (≤ 60 landmarks/s ⇒ ≤ 2 MB per hour at 8 bytes each)', () => {
    expect(fpOriginal.hashes.length / original.durationSec).toBeLessThanOrEqual(60);
    expect(fpOriginal.hashes.length).toBeGreaterThan(20 * original.durationSec);
  });

  it.each([
    ['clean', (x: Float32Array) => x],
    ['10 dB SNR white noise', (x: Float32Array) => withNoise(x, 10)],
    ['64 kbit/s MP3', viaMp3],
  ])('finds a 10 s excerpt (%s) at the right offset', (_, degrade) => {
    const query = extractFingerprints(pcm(degrade(cut)));
    const [best, second] = index.query(query);
    expect(best.trackNo).toBe(7);
    expect(best.offset * query.frameSec).toBeCloseTo(12.3, 1);
    expect(best.votes).toBeGreaterThanOrEqual(MIN_EXACT_VOTES * 2);
    expect(second === undefined || second.votes < best.votes / 3).toBe(true);
    const exact = compareExactAudio(withFingerprints(query, 1), withFingerprints(fpOriginal, 2));
    expect(exact.similarity).toBeGreaterThanOrEqual(80);
    expect(exact.segments[0].reference.start).toBeCloseTo(12.3 + exact.segments[0].query.start, 0);
  });

  it('does not call a different recording the same audio', () => {
    const query = extractFingerprints(pcm(excerpt(decoy, 5, 10)));
    expect(compareExactAudio(withFingerprints(query, 1), withFingerprints(fpOriginal, 2)).similarity).toBe(0);
    expect(matchFingerprints(query, fpOriginal).matchedSeconds).toBeLessThan(3);
  });

  it('forgets a removed track', () => {
    const i = new FingerprintIndex();
    i.add(1, fpOriginal);
    i.remove(1);
    expect(i.query(extractFingerprints(pcm(cut)))).toEqual([]);
    expect(i.landmarkCount).toBe(0);
  });

  it('finds no landmarks in digital silence or in noise below the −80 dB floor', () => {
    expect(extractFingerprints(pcm(new Float32Array(3 * SR))).hashes.length).toBe(0);
    // −100 dB re full scale: the level of 16-bit dither.
    expect(extractFingerprints(pcm(whiteNoise(3, 5, SR, 1e-5))).hashes.length).toBe(0);
  });

  it('still fingerprints a quiet passage (−40 dB) surrounded by silence', () => {
    const quiet = new Float32Array(6 * SR);
    quiet.set(
      excerpt(original, 10, 3).map((v) => v * 0.01),
      2 * SR,
    );
    const fp = extractFingerprints(pcm(quiet));
    expect(fp.hashes.length).toBeGreaterThan(30);
    for (const t of fp.times) expect(t * fp.frameSec).toBeGreaterThan(1.9);
  });
});

describe('matchFingerprints', () => {
  /** Landmarks from a handful of hashes at random times: many collisions, so many offsets tie. */
  function crowded(random: () => number, count: number, frames: number): Fingerprints {
    const hashes = new Uint32Array(count);
    const times = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      hashes[i] = (Math.floor(random() * 3) << 6) | (1 + Math.floor(random() * 63));
      times[i] = Math.floor(random() * frames);
    }
    times.sort();
    return { hashes, times, frameSec: 256 / SR };
  }

  it('finds the offset and votes the index finds for the same pair, ties included', () => {
    const random = seededRandom(3);
    for (let trial = 0; trial < 20; trial++) {
      const query = crowded(random, 5 + Math.floor(random() * 40), 50 + Math.floor(random() * 200));
      const ref = crowded(random, 5 + Math.floor(random() * 40), 50 + Math.floor(random() * 200));
      const single = new FingerprintIndex();
      single.add(0, ref);
      const [viaIndex] = single.query(query);
      const direct = matchFingerprints(query, ref);
      expect({ votes: direct.votes, offset: direct.offset }).toEqual({
        votes: viaIndex?.votes ?? 0,
        offset: viaIndex?.offset ?? 0,
      });
    }
  });

  it('finds a reference excerpt at its offset through landmarks one frame longer or shorter', () => {
    const ref = crowded(seededRandom(4), 40, 400);
    const shift = 100;
    const kept = ref.times.map((t, i) => i).filter((i) => ref.times[i] >= shift);
    const query: Fingerprints = {
      // Every other landmark's Δt off by one, as when the excerpt's frame grid is not the reference's.
      hashes: Uint32Array.from(kept, (i, k) =>
        k % 2 && (ref.hashes[i] & 0x3f) < 63 ? ref.hashes[i] + 1 : ref.hashes[i],
      ),
      times: Uint32Array.from(kept, (i) => ref.times[i] - shift),
      frameSec: ref.frameSec,
    };
    const m = matchFingerprints(query, ref);
    expect(m.offset).toBe(shift);
    expect(m.votes).toBeGreaterThanOrEqual(kept.length);
  });
});
