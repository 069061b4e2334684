import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FingerprintIndex } from '../index/fingerprint-index';
import { extractFingerprints, storedLandmarks } from '../signal/landmarks';
import { adoptLandmarkTables, alignedStretch, landmarkTables, matchFingerprints } from './landmark-match';
import { compareExactAudio, exactAudioChance, MIN_EXACT_VOTES } from './compare';
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

  it('matches copies of the landmarks that adopted the tables built of the originals (another thread) alike', () => {
    const query = extractFingerprints(pcm(cut));
    const tables = landmarkTables(query, [fpOriginal]);
    const [queryCopy, refCopy] = structuredClone([query, fpOriginal]);
    const received = structuredClone(tables);
    adoptLandmarkTables(queryCopy, [refCopy], received);
    const used = landmarkTables(queryCopy, [refCopy]);
    expect(used.query).toBe(received.query);
    expect(used.refs[0]).toBe(received.refs[0]);
    expect(matchFingerprints(queryCopy, refCopy)).toEqual(matchFingerprints(query, fpOriginal));
    expect(() => adoptLandmarkTables(queryCopy, [], tables)).toThrow(RangeError);
  });

  it('does not call a different recording the same audio', () => {
    const query = extractFingerprints(pcm(excerpt(decoy, 5, 10)));
    expect(compareExactAudio(withFingerprints(query, 1), withFingerprints(fpOriginal, 2)).similarity).toBe(0);
    expect(matchFingerprints(query, fpOriginal).matchedSeconds).toBeLessThan(3);
  });

  /** 6 s of the original (from 12.3 s) mixed at equal loudness (RMS) into 16 s of the decoy, at 5 s. */
  function sampleUnderDecoy(): Float32Array {
    const backing = excerpt(decoy, 2, 16);
    const sample = excerpt(original, 12.3, 6);
    const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
    const gain = rms(backing) / rms(sample);
    const mixed = backing.slice();
    sample.forEach((v, i) => (mixed[i + 5 * SR] += v * gain));
    return mixed;
  }

  it("finds a sample mixed at equal loudness under another recording through the query's denser landmarks", () => {
    const query = extractFingerprints(pcm(sampleUnderDecoy()));
    const dense = matchFingerprints(query, fpOriginal);
    const storedOnly = matchFingerprints(storedLandmarks(query), fpOriginal);
    // Measured: 63 agreeing against 33 (the stored pairs broken up by the decoy's peaks come together again).
    expect(dense.votes).toBeGreaterThan(1.5 * storedOnly.votes);
    expect(dense.offset * query.frameSec).toBeCloseTo(12.3 - 5, 0);
  });

  it('looks a sample up in the index with its stored landmarks only (the index scan grows with the lookups)', () => {
    const query = extractFingerprints(pcm(sampleUnderDecoy()));
    expect(index.query(query)).toEqual(index.query(storedLandmarks(query)));
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

describe('a sample mixed under other music', () => {
  const FRAME_SEC = 256 / SR;
  const FRAMES_PER_SEC = 1 / FRAME_SEC;
  /** Random landmarks at the catalogue's density (48 a second) over `seconds`. */
  function landmarks(random: () => number, seconds: number): Fingerprints {
    const count = Math.round(48 * seconds);
    const times = Uint32Array.from({ length: count }, () => Math.floor(random() * seconds * FRAMES_PER_SEC)).sort();
    const hashes = Uint32Array.from({ length: count }, () => Math.floor(random() * 2 ** 21));
    return { hashes, times, frameSec: FRAME_SEC };
  }
  const random = seededRandom(21);
  const reference = landmarks(random, 40);
  const backing = landmarks(random, 20);
  /** The evaluation's catalogue size (GM renders): the chance of the agreement is counted 35 times. */
  const CATALOGUE = 35;

  /**
   * The backing with `seconds` of the reference (from 12.3 s) mixed in at 6 s, of which only `kept` of the landmarks
   * survive (at equal loudness most of the sample's peaks pair with the backing's), and a few of the reference's
   * landmarks (a repeated chord) agreeing at the same offset far from the sample, at 1 s and 18 s.
   */
  function withSample(kept: number, seconds = 5): Fingerprints {
    const shift = Math.round((12.3 - 6) * FRAMES_PER_SEC);
    const within = (t: number, from: number, seconds: number) =>
      t >= from * FRAMES_PER_SEC && t < (from + seconds) * FRAMES_PER_SEC;
    const refs = [...reference.times.keys()];
    const sampled = refs.filter((i) => within(reference.times[i], 12.3, seconds) && random() < kept);
    const strays = [7.3, 24.3].flatMap((at) => refs.filter((i) => within(reference.times[i], at, 1)).slice(0, 3));
    const timeOf = (k: number) => (k >= 0 ? backing.times[k] : reference.times[-1 - k] - shift);
    const order = [...backing.times.keys(), ...[...sampled, ...strays].map((i) => -1 - i)].sort(
      (x, y) => timeOf(x) - timeOf(y),
    );
    return {
      hashes: Uint32Array.from(order, (k) => (k >= 0 ? backing.hashes[k] : reference.hashes[-1 - k])),
      times: Uint32Array.from(order, timeOf),
      frameSec: FRAME_SEC,
    };
  }
  const asTrack = (fp: Fingerprints, seed: number, durationSec: number) => ({
    ...withFingerprints(fp, seed),
    durationSec,
  });

  it('finds a 5 s sample at ≥ 90 with its time range in both tracks, whatever agrees by chance far from it', () => {
    const exact = compareExactAudio(asTrack(withSample(0.15), 1, 20), asTrack(reference, 2, 40), [], CATALOGUE);
    expect(exact.similarity).toBeGreaterThanOrEqual(90);
    const [found] = exact.segments;
    expect(found.query.start).toBeCloseTo(6, 0);
    expect(found.query.end).toBeCloseTo(11, 0);
    expect(found.reference.start).toBeCloseTo(12.3, 0);
    expect(found.reference.end).toBeCloseTo(17.3, 0);
  });

  /** A query that looks up its landmarks as the denser query set (Fingerprints.query) too. */
  const dense = (fp: Fingerprints): Fingerprints => ({ ...fp, query: { hashes: fp.hashes, times: fp.times } });

  it('takes 4 clean seconds for chance when the query looks up denser landmarks, and 6 for a sample', () => {
    // Renders in the same synthesiser voice share up to 4 s of identical audio by chance (DENSE_MIN_SECONDS).
    const fourSeconds = withSample(1, 4);
    const chance = compareExactAudio(asTrack(dense(fourSeconds), 1, 20), asTrack(reference, 2, 40), [], CATALOGUE);
    expect(matchFingerprints(dense(fourSeconds), reference).stretch.score).toBeGreaterThanOrEqual(7);
    expect(chance.similarity).toBe(0);
    // Looked up with its stored landmarks alone (a catalogue track as the query), 4 s are read by their chance.
    const stored = compareExactAudio(asTrack(fourSeconds, 1, 20), asTrack(reference, 2, 40), [], CATALOGUE);
    expect(stored.similarity).toBeGreaterThan(60);
    const sample = compareExactAudio(asTrack(dense(withSample(1, 6)), 1, 20), asTrack(reference, 2, 40), [], CATALOGUE);
    expect(sample.similarity).toBeGreaterThanOrEqual(90);
  });

  it('counts a last second one landmark short of the rule as the sample edge, and one two short as nothing', () => {
    // All of the reference's landmarks from 12.3 s for 4 s, and `last` of those from 16.4–17.2 s (the sample's last
    // second, whose landmarks pair with targets after its end), mixed into the backing at 6 s.
    const edgeSample = (last: number): Fingerprints => {
      const shift = Math.round((12.3 - 6) * FRAMES_PER_SEC);
      const at = (i: number) => reference.times[i] * FRAME_SEC;
      const refs = [...reference.times.keys()];
      const kept = [
        ...refs.filter((i) => at(i) >= 12.3 && at(i) < 16.3),
        ...refs.filter((i) => at(i) >= 16.4 && at(i) < 17.2).slice(0, last),
      ];
      const pairs = [
        ...[...backing.times.keys()].map((k) => [backing.times[k], backing.hashes[k]] as const),
        ...kept.map((i) => [reference.times[i] - shift, reference.hashes[i]] as const),
      ].sort((x, y) => x[0] - y[0]);
      const fp = {
        hashes: Uint32Array.from(pairs, (x) => x[1]),
        times: Uint32Array.from(pairs, (x) => x[0]),
        frameSec: FRAME_SEC,
      };
      return dense(fp);
    };
    expect(matchFingerprints(edgeSample(4), reference).matchedSeconds).toBe(5);
    expect(matchFingerprints(edgeSample(3), reference).matchedSeconds).toBe(4);
    const found = compareExactAudio(asTrack(edgeSample(4), 1, 20), asTrack(reference, 2, 40), [], CATALOGUE);
    expect(found.similarity).toBeGreaterThanOrEqual(80);
    expect(compareExactAudio(asTrack(edgeSample(3), 1, 20), asTrack(reference, 2, 40), [], CATALOGUE).similarity).toBe(
      0,
    );
  });

  it('does not take the backing alone for the same recording', () => {
    expect(compareExactAudio(asTrack(backing, 1, 20), asTrack(reference, 2, 40), [], CATALOGUE).similarity).toBe(0);
  });
});

describe('alignedStretch', () => {
  const FRAME_SEC = 256 / SR;
  /** `perSecond` agreeing anchors in each listed second of the query, spread over the second. */
  const agreeing = (seconds: number[], perSecond: number) =>
    seconds.flatMap((s) => Array.from({ length: perSecond }, (_, k) => Math.round((s + k / perSecond) / FRAME_SEC)));

  it('earns up to 2 per second the agreement holds, from its first to its last agreeing anchor', () => {
    const stretch = alignedStretch(agreeing([6, 7, 8, 9, 10], 8), FRAME_SEC);
    expect(stretch.score).toBe(10);
    expect(stretch.queryStart * FRAME_SEC).toBeCloseTo(6, 1);
    expect(stretch.queryEnd * FRAME_SEC).toBeCloseTo(11, 0);
  });

  it('neither earns nor costs for seconds where the reference holds too few landmarks to agree', () => {
    const times = agreeing([2, 3, 4, 6, 8, 9], 8);
    const dense = { min: 5, cap: 8, seconds: 5 };
    const gapped = alignedStretch(times, FRAME_SEC, dense).score;
    expect(gapped).toBeLessThanOrEqual(8);
    // The reference stores 2 landmarks in the query's 5th second and none in its 7th (a held chord): ≈ 12, over 2–9 s.
    const available = [40, 40, 40, 40, 40, 2, 40, 0, 40, 40];
    const stretch = alignedStretch(times, FRAME_SEC, dense, available);
    expect(stretch.score).toBeGreaterThanOrEqual(11.5);
    expect(stretch.queryStart * FRAME_SEC).toBeCloseTo(2, 0);
    expect(stretch.queryEnd * FRAME_SEC).toBeCloseTo(10, 0);
    // Where the reference could have agreed and did not, the gap still costs.
    expect(alignedStretch(times, FRAME_SEC, dense, available.fill(40)).score).toBe(gapped);
  });

  it('lets an inconclusive second (one agreeing landmark short of the rule) neither earn nor cost', () => {
    const dense = { min: 5, cap: 8, seconds: 5, inconclusive: 4 };
    /** As `agreeing`, each anchor in the middle of its share of the second (none rounds into a neighbour). */
    const inside = (seconds: number[], perSecond: number) =>
      seconds.flatMap((s) =>
        Array.from({ length: perSecond }, (_, k) => Math.floor((s + (k + 0.5) / perSecond) / FRAME_SEC)),
      );
    // A masked sample: 8 agreeing in 2–3 s and 6–7 s, 4 in its 5th and 6th seconds.
    const times = [...inside([2, 3, 6, 7], 8), ...inside([4, 5], 4)];
    const stretch = alignedStretch(times, FRAME_SEC, dense);
    expect(stretch.score).toBe(8);
    expect(stretch.queryStart * FRAME_SEC).toBeCloseTo(2, 0);
    expect(stretch.queryEnd * FRAME_SEC).toBeCloseTo(8, 0);
    // Without the rule, or with 3 agreeing (chance level), the seconds cost and the stretch breaks in two.
    expect(alignedStretch(times, FRAME_SEC, { min: 5, cap: 8, seconds: 5 }).score).toBe(4);
    const three = [...inside([2, 3, 6, 7], 8), ...inside([4, 5], 3)];
    expect(alignedStretch(three, FRAME_SEC, dense).score).toBe(4);
    // Before a gap it costs as a gap: it bridges agreement, it does not extend it.
    const trailing = [...inside([2, 3, 6, 7, 8], 8), ...inside([4], 4)];
    expect(alignedStretch(trailing, FRAME_SEC, dense).score).toBe(6);
    // An inconclusive second earns nothing on its own.
    expect(alignedStretch(inside([2, 3, 4], 4), FRAME_SEC, dense).score).toBe(0);
  });

  it('does not add up chance bursts a silent second apart, nor single agreeing landmarks', () => {
    expect(alignedStretch(agreeing([2, 3, 6, 7, 10, 11], 8), FRAME_SEC).score).toBe(4);
    expect(alignedStretch(agreeing([2, 3, 4, 5, 6, 7], 1), FRAME_SEC).score).toBe(0);
  });
});

describe('exactAudioChance', () => {
  it('makes a clean 5 s sample (score 10) rare among unrelated tracks, and a chance burst (score 4) common', () => {
    expect(exactAudioChance(10, 20, 30)).toBeLessThan(1e-4);
    expect(exactAudioChance(4, 20, 30)).toBeGreaterThan(5e-3);
  });

  it('grows with the query and reference time searched', () => {
    expect(exactAudioChance(8, 180, 180)).toBeGreaterThan(10 * exactAudioChance(8, 20, 30));
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

  it("counts a peak's votes over its longest-voted run of agreeing seconds, not bursts scattered along the query", () => {
    const random = seededRandom(6);
    const frames = (sec: number) => Math.round(sec / (256 / SR));
    const count = 48 * 30;
    const ref: Fingerprints = {
      hashes: Uint32Array.from({ length: count }, () => Math.floor(random() * 2 ** 21)),
      times: Uint32Array.from({ length: count }, () => Math.floor(random() * frames(30))).sort(),
      frameSec: 256 / SR,
    };
    // Reference seconds 2–4 and, after silent stretches, seconds 10 and 20, at the query's time (ref − 1 s).
    const kept = [...ref.times.keys()].filter((i) =>
      [2, 3, 4, 10, 20].includes(Math.floor(ref.times[i]! * ref.frameSec)),
    );
    const query: Fingerprints = {
      hashes: Uint32Array.from(kept, (i) => ref.hashes[i]!),
      times: Uint32Array.from(kept, (i) => ref.times[i]! - frames(1)),
      frameSec: ref.frameSec,
    };
    const m = matchFingerprints(query, ref);
    const inRun = kept.filter((i) => ref.times[i]! < frames(5)).length;
    expect(m.votes).toBeGreaterThanOrEqual(kept.length);
    expect(m.peak.votes).toBeGreaterThanOrEqual(inRun);
    expect(m.peak.votes).toBeLessThan(m.votes * 0.8);
    expect(m.peak.queryStart * ref.frameSec).toBeGreaterThanOrEqual(0.9);
    expect(m.peak.queryEnd * ref.frameSec).toBeLessThan(4.1);
  });

  it('reports the most votes at an offset a second or more from the best: few for one copy, as many for a loop', () => {
    const phrase = crowded(seededRandom(5), 60, 200);
    const once = matchFingerprints(phrase, phrase);
    expect(once.peak.votes).toBe(once.votes);
    expect(once.peak.runnerUpVotes).toBeLessThan(once.votes / 2);
    // The same phrase twice, 300 frames (3.5 s) apart: the second copy agrees as well as the first.
    const twice: Fingerprints = {
      hashes: Uint32Array.from([...phrase.hashes, ...phrase.hashes]),
      times: Uint32Array.from([...phrase.times, ...phrase.times.map((t) => t + 300)]),
      frameSec: phrase.frameSec,
    };
    const looped = matchFingerprints(phrase, twice);
    expect(looped.peak.runnerUpVotes).toBeGreaterThanOrEqual(looped.votes - 2);
  });

  it('reports the near runner-up within the agreeing run’s length: a loop, not a passage held again further on', () => {
    const phrase = crowded(seededRandom(5), 60, 200);
    const copies = (n: number, every: number): Fingerprints => ({
      hashes: Uint32Array.from(Array.from({ length: n }, () => [...phrase.hashes]).flat()),
      times: Uint32Array.from(Array.from({ length: n }, (_, k) => [...phrase.times].map((t) => t + k * every)).flat()),
      frameSec: phrase.frameSec,
    });
    // The reference holds the 2.3 s phrase again 7 s later: a repeated section, beyond the run of 3 s.
    const repeated = matchFingerprints(phrase, copies(2, 600));
    expect(repeated.peak.runnerUpVotes).toBeGreaterThanOrEqual(repeated.votes - 2);
    expect(repeated.peak.nearRunnerUpVotes).toBeLessThan(repeated.votes / 2);
    // Both play the phrase as a loop four times: three of its copies agree 200 frames from the best offset.
    const loop = matchFingerprints(copies(4, 200), copies(4, 200));
    expect(loop.peak.nearRunnerUpVotes).toBeGreaterThanOrEqual(0.7 * loop.votes);
  });
});
