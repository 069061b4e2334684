import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractFeatures } from '../pipeline/features';
import { compareExactAudio, compareTracks } from './compare';
import { explainDimension } from './explain';
import { PriorArtModel } from './prior-art';
import { aKey, aMelody, aProgression, renderSong } from '../../testing/match-fixtures';
import { encodeWav, pcm } from '../../testing/test-signals';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { landmarkHash } from '../signal/landmarks';
import { matchTransformed } from './transformed-match';
import type { Fingerprints, TrackFeatures } from '../types';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ffmpeg: string = require('@ffmpeg-installer/ffmpeg').path;
const SR = ANALYSIS_SAMPLE_RATE;
const LOOP: [number, 'maj' | 'min'][] = [
  [0, 'maj'],
  [9, 'min'],
  [5, 'maj'],
  [7, 'maj'],
];

function aSong(seed: number): Float32Array {
  return renderSong(aMelody(seed, 90, { bpm: 120 }), aProgression(aKey(0), LOOP, 20, 120), 40).samples;
}

/** Seconds 5–25 of the song through an ffmpeg audio filter (rubberband pitch shift or time stretch, resampling). */
function excerptThrough(song: Float32Array, filter: string): TrackFeatures {
  const dir = mkdtempSync(join(tmpdir(), 'transformed-'));
  try {
    writeFileSync(join(dir, 'in.wav'), encodeWav(song.slice(5 * SR, 25 * SR)));
    const out = join(dir, 'out.raw');
    execFileSync(
      ffmpeg,
      ['-y', '-loglevel', 'error', '-i', join(dir, 'in.wav'), '-af', filter, '-f', 'f32le', '-ac', '1'].concat([
        '-ar',
        String(SR),
        out,
      ]),
    );
    const bytes = readFileSync(out);
    return extractFeatures(
      pcm(new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('exact reuse through pitch and tempo changes', () => {
  const original = aSong(5);
  const reference = extractFeatures(pcm(original));
  const unrelated = extractFeatures(pcm(aSong(6)));
  const priorArt = new PriorArtModel();
  const meta = { title: 'Source', artist: 'Someone', platform: 'test' };

  it('finds a copy shifted up 2 semitones as the same recording, with the shift and both time ranges', () => {
    const query = excerptThrough(original, 'rubberband=pitch=1.122462');
    expect(compareExactAudio(query, reference).similarity).toBeLessThan(50);
    const exact = compareExactAudio(query, reference, [{ semitones: 2, speed: 1 }]);
    expect(exact.similarity).toBeGreaterThanOrEqual(90);
    expect(exact.transform.transpositionSemitones).toBe(2);
    expect(exact.transform.tempoRatio).toBeCloseTo(1, 2);
    const [range] = exact.segments;
    expect(range!.reference.start - range!.query.start).toBeCloseTo(5, 0);
    expect(explainDimension(exact, meta)).toMatch(/same recording as .*, \+2 semitones, 1\.00× tempo/);
  });

  it.each([
    ['played 6 % faster', 'rubberband=tempo=1.06', 1.06, 0],
    ['played at 85 % speed', 'atempo=0.85', 0.85, 0],
    ['resampled to 94 % (slower and lower)', 'asetrate=20727,aresample=22050', 0.94, -1.1],
  ])('finds the transform itself from the melody and tempo when a copy is %s', (_, filter, speed, semitones) => {
    const query = excerptThrough(original, filter);
    const exact = compareTracks(query, reference, priorArt).dimensions.find((d) => d.dimension === 'exactAudio')!;
    expect(exact.similarity).toBeGreaterThanOrEqual(90);
    expect(exact.transform.tempoRatio).toBeCloseTo(speed, 2);
    expect(exact.transform.transpositionSemitones).toBeCloseTo(semitones, 0);
    const [range] = exact.segments;
    // The excerpt began 5 s into the song: reference time = 5 s + speed × query time.
    expect(range!.reference.start - speed * range!.query.start).toBeCloseTo(5, 0);
    expect(range!.reference.end - range!.reference.start).toBeCloseTo(
      (range!.query.end - range!.query.start) * speed,
      0,
    );
  });

  it('does not take an unrelated song in the same sound for a transformed copy', () => {
    const query = excerptThrough(original, 'rubberband=pitch=1.122462');
    for (const t of [-3, -2, -1, 1, 2, 3]) {
      expect(compareExactAudio(query, unrelated, [{ semitones: t, speed: 1 }]).similarity).toBe(0);
    }
    expect(compareExactAudio(query, unrelated, [{ semitones: 0, speed: 0.85 }]).similarity).toBe(0);
  });
});

describe('the line a tempo-changed copy is found along', () => {
  const SPEED = 1.25;
  const OFFSET = 300;

  /**
   * A reference and a copy played 25 % faster that share 60 landmarks along reference time = 1.25 × query time + 300
   * (query frames 400–990), and 24 chance hits 9–20 frames off that line (inside the coarse offset bin's reach) at
   * both ends of the query, placed so that a line fitted through all of them tilts.
   */
  function aCopyWithChanceHits(): { query: Fingerprints; ref: Fingerprints } {
    const query: [number, number][] = [];
    const ref: [number, number][] = [];
    let bin = 4;
    const share = (queryTime: number, refTime: number) => {
      // Δt 50 frames in the reference is 40 in the faster copy: 40 × 1.25 = 50.
      query.push([landmarkHash(bin, 0, 40), queryTime]);
      ref.push([landmarkHash(bin, 0, 50), refTime]);
      bin++;
    };
    for (let i = 0; i < 60; i++) share(400 + i * 10, Math.round(SPEED * (400 + i * 10)) + OFFSET);
    for (let i = 0; i < 12; i++) {
      share(20 + i * 5, Math.round(SPEED * (20 + i * 5)) + OFFSET + 20 - i);
      share(1500 + i * 5, Math.round(SPEED * (1500 + i * 5)) + OFFSET - 20 + i);
    }
    const fingerprints = (rows: [number, number][]): Fingerprints => ({
      hashes: Uint32Array.from(rows.map(([hash]) => hash)),
      times: Uint32Array.from(rows.map(([, time]) => time)),
      frameSec: 256 / ANALYSIS_SAMPLE_RATE,
    });
    return { query: fingerprints(query), ref: fingerprints(ref) };
  }

  it.each([1.22, 1.25, 1.27])('is the one most hits lie on, from a speed tried at %s', (tried) => {
    const { query, ref } = aCopyWithChanceHits();
    const match = matchTransformed(query, ref, { semitones: 0, speed: tried })!;
    expect(match.speed).toBeCloseTo(SPEED, 3);
    expect(Math.abs(match.offset - OFFSET)).toBeLessThanOrEqual(1);
    expect(match.votes).toBe(60);
  });
});
