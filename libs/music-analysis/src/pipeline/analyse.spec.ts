import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYSIS_STAGES, type AnalysisStage } from '@originality/contracts';
import { analyseAudio, analyseFile } from './analyse';
import { CatalogueIndex } from '../index/catalogue-index';
import { AudioDecodeError } from '../io/errors';
import { extractFeatures } from './features';
import { aKey, aMelody, aProgression, renderSong, transformMelody } from '../../testing/match-fixtures';
import { encodeWav } from '../../testing/test-signals';

const SECONDS = 20;
const song = (seed: number, progression: [number, 'maj' | 'min'][], tonic = 0) =>
  renderSong(aMelody(seed, 40, { bpm: 120, tonic }), aProgression(aKey(tonic), progression, 10, 120), SECONDS);

describe('analysis pipeline on audio', () => {
  const index = new CatalogueIndex();
  const originalMelody = aMelody(1, 40, { bpm: 120 });
  const original = renderSong(
    originalMelody,
    aProgression(
      aKey(0),
      [
        [0, 'maj'],
        [5, 'maj'],
        [7, 'maj'],
        [9, 'min'],
      ],
      10,
      120,
    ),
    SECONDS,
  );
  index.add({
    id: 'original',
    meta: { title: 'Original', artist: 'A', platform: 'Spotify' },
    features: extractFeatures(original),
  });
  index.add({
    id: 'decoy',
    meta: { title: 'Decoy', artist: 'B', platform: 'Spotify' },
    features: extractFeatures(
      song(
        2,
        [
          [2, 'min'],
          [7, 'maj'],
          [0, 'maj'],
          [0, 'maj'],
        ],
        7,
      ),
    ),
  });

  it('reports the five stages in order and finds a melody reused +3 semitones and 10 % slower', async () => {
    const cover = renderSong(
      transformMelody(originalMelody, 3, 0.9),
      aProgression(
        aKey(3),
        [
          [9, 'min'],
          [2, 'min'],
          [7, 'maj'],
          [0, 'maj'],
        ],
        10,
        108,
      ),
      SECONDS / 0.9,
    );
    const stages: AnalysisStage[] = [];
    const results = await analyseAudio(cover, index, {
      onProgress: (stage) => stages.at(-1) !== stage && stages.push(stage),
    });
    expect(stages).toEqual([...ANALYSIS_STAGES]);
    const [top] = results.allMatches;
    expect(top.referenceId).toBe('original');
    const melody = top.dimensions.find((d) => d.dimension === 'melody')!;
    expect(melody.transform.transpositionSemitones).toBe(3);
    expect(melody.transform.tempoRatio).toBeCloseTo(0.9, 1);
    expect(top.similarity).toBeGreaterThanOrEqual(80);
    expect(results.originalityScore).toBeLessThan(25);
    expect(results.melodyUniqueness).toBeLessThan(20);
  });

  it('recognises a file that is an excerpt of a catalogue recording as the same audio', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analyse-'));
    try {
      const path = join(dir, 'excerpt.wav');
      writeFileSync(path, encodeWav(original.samples.slice(3 * 22050, 15 * 22050)));
      const results = await analyseFile(path, index);
      const top = results.allMatches[0];
      expect(top.referenceId).toBe('original');
      expect(top.dimensions.find((d) => d.dimension === 'exactAudio')!.similarity).toBeGreaterThanOrEqual(80);
      expect(results.similarTracks[0].title).toBe('Original');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('calls ten seconds of silence 100 % original, in no key, matching nothing, and says it is silent', async () => {
    const sampleRate = 22050;
    const silence = { samples: new Float32Array(10 * sampleRate), sampleRate, durationSec: 10 };
    const results = await analyseAudio(silence, index);
    expect(results.allMatches).toEqual([]);
    expect(results.originalityScore).toBe(100);
    expect(results.keySignature).toBeUndefined();
    expect(results.silent).toBe(true);
  });

  it('marks a silent file as silent, and a file with sound in it not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analyse-'));
    try {
      const silence = join(dir, 'silence.wav');
      writeFileSync(silence, encodeWav(new Float32Array(5 * 22050)));
      expect((await analyseFile(silence, index)).silent).toBe(true);
      const excerpt = join(dir, 'excerpt.wav');
      writeFileSync(excerpt, encodeWav(original.samples.slice(3 * 22050, 8 * 22050)));
      expect(await analyseFile(excerpt, index)).not.toHaveProperty('silent');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a file that cannot be decoded with a typed error, and analyses the next one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analyse-'));
    try {
      const broken = join(dir, 'broken.wav');
      writeFileSync(broken, encodeWav(original.samples.slice(0, 5 * 22050)).subarray(0, 30));
      await expect(analyseFile(broken, index)).rejects.toBeInstanceOf(AudioDecodeError);
      const excerpt = join(dir, 'excerpt.wav');
      writeFileSync(excerpt, encodeWav(original.samples.slice(3 * 22050, 15 * 22050)));
      expect((await analyseFile(excerpt, index)).allMatches[0].referenceId).toBe('original');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
