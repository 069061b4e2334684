/**
 * extractFeatures: PCM → every per-track descriptor the engine compares (TrackFeatures). Pure: no I/O.
 * The STFT is computed once and shared by onsets, chroma, vocals and melody. extractFeaturesAsync computes the
 * same features with part of the work on a helper thread.
 */
import { bassChroma, beatSyncChroma, chromaSum, regularBeatGrid, tunedChromagram } from '../signal/chroma';
import { estimateChords } from '../signal/chords';
import { chromaEmbedding } from '../signal/embedding';
import {
  featureHelper,
  SharedSpectrogramTasks,
  sharedBuffers,
  type SpectrogramTask,
} from '../parallel/feature-threads';
import { extractFingerprints } from '../signal/landmarks';
import { landmarkTables } from '../matching/landmark-match';
import { estimateKey, withChordAmbiguity, withOpeningBass } from '../signal/key';
import { extractMelody } from '../signal/melody';
import { OnsetEnvelope, onsetDelay, onsetStrength } from '../signal/onset';
import { rhythmPattern } from '../signal/rhythm';
import { frameCount, frameRate, IncrementalStft, stft } from '../signal/stft';
import { alternativeTempo, tempoEstimate, tempoForMelody, tempoFromBeats, trackBeats } from '../signal/tempo';
import { ANALYSIS_SAMPLE_RATE, FFT_SIZE, HOP_SIZE, TEMPO_PRIOR_BPM } from '../constants';
import { PcmStreamWriter } from '../parallel/pcm-stream';
import type { BeatChroma, Fingerprints, PcmAudio, ProgressCallback, Spectrogram, TrackFeatures } from '../types';
import { estimateVocalShare, vocalShareOf } from '../signal/vocals';

export interface ExtractOptions {
  onProgress?: ProgressCallback;
  /**
   * The features are matched against a catalogue next (an analysis): the query's landmark lookup table, the first
   * thing matching builds, is built in the time this thread would wait for the helper thread's last task.
   */
  matchNext?: boolean;
}

/** The beat-tracked tempo is trusted over the autocorrelation tempo when within ±7 % of it (no octave jump). */
const TEMPO_AGREEMENT_OCTAVES = 0.1;

export function extractFeatures(audio: PcmAudio, opts: ExtractOptions = {}): TrackFeatures {
  const { durationSec, progress } = begin(audio, opts);
  const spec = stft(audio.samples, audio.sampleRate);
  progress('extracting audio features', 0.2);
  const timing = rhythmFeatures(onsetStrength(spec), frameRate(spec), progress);
  const spectral = harmonyFeatures(timing, spec, tunedChromagram(spec), durationSec, progress);
  const vocalShare = estimateVocalShare(spec);
  progress('extracting audio features', 0.8);
  const fingerprints = extractFingerprints(audio);
  progress('extracting audio features', 1);

  progress('analyzing melody patterns', 0);
  const melody = extractMelody(spec);
  progress('analyzing melody patterns', 1);
  return assemble(durationSec, spectral, { melody, fingerprints, vocalShare });
}

/**
 * The same features as extractFeatures, on two threads: fingerprints (from the PCM) on the helper thread
 * (feature-threads.ts); STFT, onsets, tempo, beats and the beat-level harmony here; the frame chroma, the vocal
 * share's two cues and the melody (from the shared spectrogram) on whichever thread is free first
 * (SharedSpectrogramTasks).
 * Who takes which first: featuresOfSpectrogram. Stage reports: the melody stage starts once tempo and beats are
 * known, and ends when every result is in.
 */
export async function extractFeaturesAsync(audio: PcmAudio, opts: ExtractOptions = {}): Promise<TrackFeatures> {
  const { durationSec, progress } = begin(audio, opts);
  const fingerprintsDone = featureHelper().fingerprints(audio);
  // Awaited in featuresOfSpectrogram; the no-op handler only keeps an error thrown here meanwhile from leaving a
  // rejection unhandled.
  fingerprintsDone.catch(() => undefined);
  const specStorage = new PooledStorage();
  const spec = stft(audio.samples, audio.sampleRate, { storage: specStorage.acquire });
  const features = await featuresOfSpectrogram(spec, onsetStrength(spec), fingerprintsDone, durationSec, {
    ...opts,
    onProgress: progress,
  });
  specStorage.release();
  return features;
}

/** Onset-envelope frames computed per `idle` call: ≈ 1 ms of work, so new samples wait at most that long. */
const IDLE_ONSET_FRAMES = 64;

/**
 * extractFeaturesAsync for audio that is still being decoded (analyseFile): the fingerprints (helper thread) and
 * the STFT (this thread) advance with every batch of samples ffmpeg has written, so by the time the decode ends
 * most of their work is done. Feed it decodeAudio's `storage` and `onSamples`, then call `finish` with the decoded
 * audio, or `fail` when the decode failed. Needs the ANALYSIS_SAMPLE_RATE the fingerprints are defined at.
 */
export class StreamingFeatureExtraction {
  private readonly pcm = new PooledStorage();
  private readonly writer: PcmStreamWriter;
  private readonly spectrogram: IncrementalStft;
  private readonly specStorage = new PooledStorage();
  /** The onset envelope, advanced while the decode leaves this thread idle (see `idle`). */
  private readonly onsets: OnsetEnvelope;
  private readonly fingerprintsDone: Promise<Fingerprints>;

  /** For at most `capacity` samples (decodeCapacity). */
  constructor(capacity: number) {
    const buffer = this.pcm.acquire(capacity * Float32Array.BYTES_PER_ELEMENT);
    this.writer = new PcmStreamWriter(buffer, ANALYSIS_SAMPLE_RATE);
    this.fingerprintsDone = featureHelper().streamedFingerprints(this.writer.stream);
    this.fingerprintsDone.catch(() => undefined);
    this.spectrogram = new IncrementalStft(ANALYSIS_SAMPLE_RATE, capacity, { storage: this.specStorage.acquire });
    this.onsets = new OnsetEnvelope(FFT_SIZE / 2 + 1, onsetDelay(FFT_SIZE, HOP_SIZE), frameCount(capacity, HOP_SIZE));
  }

  /** decodeAudio's `storage`: the shared buffer the helper thread reads the samples from. */
  readonly storage = (): SharedArrayBuffer => this.writer.stream.buffer;

  /** decodeAudio's `onSamples`: all the samples so far. */
  readonly add = (samples: Float32Array): void => {
    this.writer.publish(samples.length);
    this.spectrogram.advance(samples);
  };

  /**
   * decodeAudio's `onIdle`: a few more frames of the onset envelope, in the time this thread would wait for ffmpeg.
   * Not in `add`: there it made each batch longer, the helper thread then got its samples later, and its
   * fingerprints, the longer work during the decode, finished later (interleaved A/B under load: no gain, up to 8 % slower).
   */
  readonly idle = (): boolean => this.advanceOnsets(IDLE_ONSET_FRAMES);

  private advanceOnsets(most: number): boolean {
    const { data, frames } = this.spectrogram.written;
    const start = this.onsets.added;
    const end = Math.min(frames, start + most);
    for (let f = start; f < end; f++) this.onsets.add(data, f);
    return end > start;
  }

  async finish(audio: PcmAudio, opts: ExtractOptions = {}): Promise<TrackFeatures> {
    if (audio.sampleRate !== ANALYSIS_SAMPLE_RATE)
      throw new RangeError(`streamed audio must be at ${ANALYSIS_SAMPLE_RATE} Hz`);
    const { durationSec, progress } = begin(audio, opts);
    this.writer.end(audio.samples.length);
    const spec = this.spectrogram.finish(audio.samples);
    this.advanceOnsets(spec.frames);
    const onsets = this.onsets.finish(spec.frames);
    const features = await featuresOfSpectrogram(spec, onsets, this.fingerprintsDone, durationSec, {
      ...opts,
      onProgress: progress,
    });
    this.specStorage.release();
    this.pcm.release();
    return features;
  }

  /** The decode failed: the helper thread stops reading. */
  fail(): void {
    this.writer.fail();
  }
}

/**
 * Buffers of one analysis from the shared pool, given back only after a success: after a failure the helper
 * thread may still be reading them, so they are left to the garbage collector.
 */
class PooledStorage {
  private buffer: SharedArrayBuffer | undefined;

  readonly acquire = (bytes: number): SharedArrayBuffer => (this.buffer = sharedBuffers.acquire(bytes));

  release(): void {
    if (this.buffer) sharedBuffers.release(this.buffer);
    this.buffer = undefined;
  }
}

/** Everything after the STFT, on two threads (see extractFeaturesAsync). */
async function featuresOfSpectrogram(
  spec: Spectrogram,
  onsets: Float32Array,
  fingerprintsDone: Promise<Fingerprints>,
  durationSec: number,
  { onProgress: progress = () => undefined, matchNext = false }: ExtractOptions,
): Promise<TrackFeatures> {
  // This thread takes the melody (the longest task) first, the helper the chroma (the harmony needs it) and the vocal
  // share's two cues (on the bench's query ≈ 85 ms for the pitch track, ≈ 25 ms for the partials; whole, the thread
  // that finished first waited for the other to compute all of it), each the other's tasks when free first. With the
  // fingerprints cheaper the helper is free about when this thread's STFT is done; traced on the bench's query, when
  // both took the chroma first the helper got the melody, ran it ≈ 30 % slower than this thread does, and this thread
  // waited ≈ 50 ms for it. Interleaved A/B on the bench's query (quiet, 4 × 5 warm runs each): the features ready at
  // a median 534–599 ms instead of 576–922 ms.
  const order: SpectrogramTask[] = ['chroma', 'pitch', 'partials', 'melody'];
  const tasks = new SharedSpectrogramTasks(spec, featureHelper(), order);
  progress('extracting audio features', 0.2);
  const timing = rhythmFeatures(onsets, frameRate(spec), progress);
  progress('extracting audio features', 1);

  // The melody stage: the melody, the frame chroma, the vocal share and (short, once the chroma is in) the beat-level
  // harmony, whose own progress reports would go back to the previous stage.
  progress('analyzing melody patterns', 0);
  tasks.runIfFree('melody');
  tasks.runIfFree('chroma');
  tasks.runIfFree('pitch');
  tasks.runIfFree('partials');
  const chroma = await tasks.result('chroma');
  const spectral = harmonyFeatures(timing, spec, chroma, durationSec, () => undefined);
  if (matchNext) landmarkTables(await fingerprintsDone, []);
  const [melody, fingerprints, pitch, partials] = await Promise.all([
    tasks.result('melody'),
    fingerprintsDone,
    tasks.result('pitch'),
    tasks.result('partials'),
  ]);
  const vocalShare = vocalShareOf(spec, pitch, partials);
  progress('analyzing melody patterns', 1);
  return assemble(durationSec, spectral, { melody, fingerprints, vocalShare });
}

/** The features in their usual key order (serialised and printed features keep their layout). */
function assemble(
  durationSec: number,
  s: SpectralFeatures,
  rest: Pick<TrackFeatures, 'melody' | 'fingerprints' | 'vocalShare'>,
): TrackFeatures {
  // The melody is the last feature known, so its say on the beat level comes here (tempoForMelody).
  const tempo = tempoForMelody(
    s,
    rest.melody.map((note) => note.start),
  );
  return {
    durationSec,
    tempoBpm: tempo.tempoBpm,
    ...(tempo.tempoAlternativeBpm !== undefined && { tempoAlternativeBpm: tempo.tempoAlternativeBpm }),
    beats: s.beats,
    key: s.key,
    chords: s.chords,
    melody: rest.melody,
    rhythmPattern: s.rhythmPattern,
    beatChroma: s.beatChroma,
    embedding: s.embedding,
    fingerprints: rest.fingerprints,
    vocalShare: rest.vocalShare,
  };
}

function begin(audio: PcmAudio, opts: ExtractOptions): { durationSec: number; progress: ProgressCallback } {
  if (!(audio.sampleRate > 0)) throw new RangeError('sampleRate must be positive');
  const progress = opts.onProgress ?? (() => undefined);
  progress('extracting audio features', 0);
  return { durationSec: audio.samples.length / audio.sampleRate, progress };
}

type SpectralFeatures = Pick<
  TrackFeatures,
  'tempoBpm' | 'tempoAlternativeBpm' | 'beats' | 'key' | 'chords' | 'rhythmPattern' | 'beatChroma' | 'embedding'
>;

interface RhythmFeatures extends Pick<TrackFeatures, 'tempoBpm' | 'tempoAlternativeBpm'> {
  onsets: Float32Array;
  beats: Float32Array;
}

/** Tempo and beats from the onset envelope (onsetStrength) at `fps` frames per second (progress → 0.4). */
function rhythmFeatures(onsets: Float32Array, fps: number, progress: ProgressCallback): RhythmFeatures {
  const reading = readTempo(onsets, fps);
  progress('extracting audio features', 0.4);
  return { onsets, ...reading };
}

/**
 * The tempo a track reports, its alternative level and its beats, from its onset envelope (onsetStrength) at `fps`
 * frames per second.
 */
export function readTempo(onsets: Float32Array, fps: number): Omit<RhythmFeatures, 'onsets'> {
  const estimate = tempoEstimate(onsets, fps);
  const beats = trackBeats(onsets, fps, estimate.bpm);
  const tempoBpm = reconcileTempo(estimate.bpm, tempoFromBeats(beats));
  const tempoAlternativeBpm = alternativeTempo(tempoBpm, estimate);
  return { beats, tempoBpm, ...(tempoAlternativeBpm !== undefined && { tempoAlternativeBpm }) };
}

/**
 * Key, beat chroma, chords, embedding and rhythm pattern from the frame chroma, the spectrogram (the opening bass)
 * and the beats (progress → 0.6).
 */
function harmonyFeatures(
  { onsets, beats, tempoBpm, tempoAlternativeBpm }: RhythmFeatures,
  spec: Spectrogram,
  chroma: Float32Array,
  durationSec: number,
  progress: ProgressCallback,
): SpectralFeatures {
  const fps = frameRate(spec);
  // Without a tracked beat grid (silence, free-time audio), chroma is grouped on a fixed 120 BPM grid.
  const grid = beats.length >= 2 ? beats : regularBeatGrid(durationSec, 60 / TEMPO_PRIOR_BPM);
  const beatChroma = beatSyncChroma(chroma, fps, grid, durationSec);
  const chords = estimateChords(beatChroma, undefined, { endTime: durationSec });
  const sum = chromaSum(chroma);
  const [from, to] = openingFrames(beatChroma, fps, durationSec);
  const key = withChordAmbiguity(withOpeningBass(estimateKey(sum), sum, bassChroma(spec, from, to)), chords);
  const embedding = chromaEmbedding(beatChroma);
  progress('extracting audio features', 0.6);

  const rhythm = rhythmPattern(onsets, beats, fps);
  return {
    tempoBpm,
    ...(tempoAlternativeBpm !== undefined && { tempoAlternativeBpm }),
    beats,
    key,
    chords,
    rhythmPattern: rhythm,
    beatChroma,
    embedding,
  };
}

/** Beats that make the opening bar (withOpeningBass): 4, one bar of 4/4 (2, half a bar, measured the same). */
const OPENING_BEATS = 4;

/**
 * Frames [from, to) of the opening bar: the first OPENING_BEATS beat rows from the first one that sounds (a
 * silent lead-in, decoder padding or a fade-in under the silence floor is skipped).
 */
function openingFrames({ data, beats, beatTimes }: BeatChroma, fps: number, durationSec: number): [number, number] {
  let first = 0;
  while (first < beats && data.subarray(first * 12, first * 12 + 12).every((v) => v === 0)) first++;
  if (first >= beats) return [0, 0];
  const last = first + OPENING_BEATS;
  const end = last < beats ? beatTimes[last]! : durationSec;
  return [Math.round(beatTimes[first]! * fps), Math.round(end * fps)];
}

/** Prefer the beat-tracked tempo (finer than one autocorrelation lag) unless it disagrees by an octave. */
function reconcileTempo(autocorrelationBpm: number, beatBpm: number): number {
  if (!(autocorrelationBpm > 0)) return beatBpm > 0 ? round1(beatBpm) : 0;
  if (beatBpm > 0 && Math.abs(Math.log2(beatBpm / autocorrelationBpm)) < TEMPO_AGREEMENT_OCTAVES)
    return round1(beatBpm);
  return round1(autocorrelationBpm);
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
