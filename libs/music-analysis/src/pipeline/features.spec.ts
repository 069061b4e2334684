import type { AnalysisStage } from '@originality/contracts';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { EMBEDDING_DIM } from '../signal/embedding';
import { extractFeatures, extractFeaturesAsync, StreamingFeatureExtraction } from './features';
import {
  computeSpectrogramTask,
  FeatureHelper,
  featureHelper,
  newTaskClaims,
  SharedSpectrogramTasks,
  type SpectrogramTask,
} from '../parallel/feature-threads';
import { PcmStreamWriter } from '../parallel/pcm-stream';
import { stft } from '../signal/stft';
import { clickTrack, mix, pcm, renderChords, triad } from '../../testing/test-signals';

describe('extractFeatures', () => {
  // 16 s of C–Am–F–G at two chords per bar over a 120 BPM click: every descriptor has a known answer.
  const progression = [triad(60, 'maj'), triad(57, 'min'), triad(65, 'maj'), triad(67, 'maj')];
  const song = mix(
    renderChords([...progression, ...progression], 2),
    clickTrack(120, 16).map((v) => 0.5 * v),
  );
  const stages: [AnalysisStage, number][] = [];
  const features = extractFeatures(pcm(song), { onProgress: (stage, fraction) => stages.push([stage, fraction]) });

  it('reports tempo, beats and key of the track', () => {
    expect(features.durationSec).toBeCloseTo(16, 3);
    expect(Math.abs(features.tempoBpm - 120)).toBeLessThanOrEqual(1);
    expect(features.beats.length).toBeGreaterThan(28);
    expect(features.key.name).toBe('C major');
    expect(features.key.clarity).toBeGreaterThanOrEqual(0);
    expect(features.key.clarity).toBeLessThanOrEqual(1);
    // C–Am–F–G shares its notes with A minor: when the two nearly tie, that is what is reported.
    expect([undefined, 'A minor']).toContain(features.key.relativeAmbiguity);
  });

  it('reads a loop that never cadences from the bass it opens on', () => {
    // Am–Am–F–C–G four times over, one chord a beat: the profile nearly ties A minor and C major.
    const loop = [triad(57, 'min'), triad(57, 'min'), triad(53, 'maj'), triad(60, 'maj'), triad(55, 'maj')];
    const keyOf = (chords: number[][]) => extractFeatures(pcm(renderChords(chords, 0.5))).key;
    const openingOnA = keyOf([...loop, ...loop, ...loop, ...loop]);
    expect(openingOnA).toMatchObject({ name: 'A minor', relativeAmbiguity: 'C major', clarity: 0 });
    // The same loop entered on F: its opening bar's bass (F, C, G, A) favours neither tonic.
    const rotated = [...loop.slice(2), ...loop, ...loop, ...loop, ...loop.slice(0, 2)];
    expect(keyOf(rotated).name).toBe('C major');
  });

  it('recognises the chord sequence', () => {
    const labels = features.chords.filter((c) => c.end - c.start >= 1).map((c) => `${c.root}${c.quality}`);
    expect(labels).toEqual(['0maj', '9min', '5maj', '7maj', '0maj', '9min', '5maj', '7maj']);
  });

  it('fills every descriptor with the engine’s fixed shapes', () => {
    expect(features.rhythmPattern.length).toBe(16);
    expect(features.embedding.length).toBe(EMBEDDING_DIM);
    // One chroma row per tracked beat, plus lead-in rows covering the audio before the first beat.
    const leadIn = features.beatChroma.beats - features.beats.length;
    expect(leadIn).toBeGreaterThanOrEqual(0);
    expect(features.beatChroma.beatTimes[0]).toBe(0);
    // (The earliest row starts at 0 even when it is the first beat's own row.)
    expect(Array.from(features.beatChroma.beatTimes.subarray(leadIn + 1))).toEqual(
      Array.from(features.beats.subarray(1)),
    );
    expect(features.vocalShare).toBeLessThan(0.1);
    expect(features.fingerprints.hashes.length).toBeGreaterThan(0);
  });

  it('reports progress through the feature and melody stages, ending each at 1', () => {
    expect(stages[0]).toEqual(['extracting audio features', 0]);
    expect(stages).toContainEqual(['extracting audio features', 1]);
    expect(stages[stages.length - 1]).toEqual(['analyzing melody patterns', 1]);
  });

  it('handles silence without inventing tempo, beats or chords', () => {
    const silent = extractFeatures(pcm(new Float32Array(ANALYSIS_SAMPLE_RATE * 3)));
    expect(silent.tempoBpm).toBe(0);
    expect(silent.beats.length).toBe(0);
    expect(silent.chords.every((c) => c.quality === 'none')).toBe(true);
    expect(silent.vocalShare).toBe(0);
    expect(silent.key.confidence).toBe(0);
  });

  it('computes the same features on two threads as on one, stages in the same order', async () => {
    const asyncStages: [AnalysisStage, number][] = [];
    const twoThreads = await extractFeaturesAsync(pcm(song), {
      onProgress: (stage, fraction) => asyncStages.push([stage, fraction]),
    });
    expect(twoThreads).toEqual(features);
    const order = (s: [AnalysisStage, number][]) => s.map(([stage]) => stage).filter((x, i, a) => a[i - 1] !== x);
    expect(order(asyncStages)).toEqual(order(stages));
    // Within a stage the fraction never goes back.
    const fallsBack = asyncStages.some(
      ([stage, f], i) => i > 0 && asyncStages[i - 1]![0] === stage && asyncStages[i - 1]![1] > f,
    );
    expect(fallsBack).toBe(false);
    expect(asyncStages.at(-1)).toEqual(['analyzing melody patterns', 1]);
  });

  it('computes the same features from samples handed over in batches while they are decoded', async () => {
    const samples = pcm(song).samples;
    const extraction = new StreamingFeatureExtraction(samples.length);
    const shared = new Float32Array(extraction.storage(), 0, samples.length);
    for (let end = 0; end < samples.length;) {
      const next = Math.min(samples.length, end + 12_345);
      shared.set(samples.subarray(end, next), end);
      extraction.add(shared.subarray(0, (end = next)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await extraction.finish(pcm(shared))).toEqual(features);
  });

  it('stops the helper thread reading a decode that failed, and keeps it usable', async () => {
    const writer = new PcmStreamWriter(new SharedArrayBuffer(ANALYSIS_SAMPLE_RATE * 40), ANALYSIS_SAMPLE_RATE);
    const fingerprints = featureHelper().streamedFingerprints(writer.stream);
    writer.publish(ANALYSIS_SAMPLE_RATE);
    writer.fail();
    writer.end(ANALYSIS_SAMPLE_RATE * 10);
    await expect(fingerprints).rejects.toThrow(/decode .* failed/);
    expect(await extractFeaturesAsync(pcm(song))).toEqual(features);
  });
});

describe('SharedSpectrogramTasks', () => {
  const tasks: SpectrogramTask[] = ['chroma', 'melody', 'pitch', 'partials'];
  const chords = [triad(60, 'maj'), triad(57, 'min'), triad(65, 'maj'), triad(67, 'maj')];
  const song = mix(
    renderChords(chords, 2),
    clickTrack(120, 8).map((v) => 0.5 * v),
  );
  const sharedSpec = () => stft(song, ANALYSIS_SAMPLE_RATE, { storage: (bytes) => new SharedArrayBuffer(bytes) });

  it('gives the same values whichever thread computes each task', async () => {
    const spec = sharedSpec();
    const expected = tasks.map((task) => computeSpectrogramTask(task, spec));
    // This thread claims nothing: the helper computes every task.
    const byHelper = new SharedSpectrogramTasks(spec, featureHelper(), tasks);
    expect(await Promise.all(tasks.map((task) => byHelper.result(task)))).toEqual(expected);
    // This thread claims every task before the helper gets the requests.
    const here = new SharedSpectrogramTasks(spec, featureHelper(), tasks);
    for (const task of tasks) here.runIfFree(task);
    expect(await Promise.all(tasks.map((task) => here.result(task)))).toEqual(expected);
  });
});

describe('FeatureHelper', () => {
  it('refuses a spectrogram that is not in shared memory', () => {
    const helper = new FeatureHelper();
    const spec = stft(new Float32Array(4096), ANALYSIS_SAMPLE_RATE);
    expect(() => helper.spectrogramTask('pitch', spec, newTaskClaims())).toThrow(TypeError);
    return helper.terminate();
  });

  it('rejects pending work when its thread ends, and refuses more', async () => {
    const helper = new FeatureHelper();
    const pending = helper.fingerprints(pcm(new Float32Array(ANALYSIS_SAMPLE_RATE * 60)));
    await helper.terminate();
    await expect(pending).rejects.toThrow(/exited/);
    expect(helper.alive).toBe(false);
    await expect(helper.fingerprints(pcm(new Float32Array(16)))).rejects.toThrow(/not running/);
  });
});
