/**
 * extractFeatures: PCM → every per-track descriptor the engine compares (TrackFeatures). Pure: no I/O.
 * The STFT is computed once and shared by onsets, chroma, vocals and melody.
 */
import { beatSyncChroma, chromaSum, chromagram, estimateTuning, regularBeatGrid } from './chroma';
import { estimateChords } from './chords';
import { chromaEmbedding } from './embedding';
import { extractFingerprints } from './fingerprint';
import { estimateKey } from './key';
import { extractMelody } from './melody';
import { onsetStrength } from './onset';
import { rhythmPattern } from './rhythm';
import { frameRate, stft } from './stft';
import { estimateTempo, tempoFromBeats, trackBeats } from './tempo';
import { TEMPO_PRIOR_BPM } from './constants';
import type { PcmAudio, ProgressCallback, TrackFeatures } from './types';
import { estimateVocalShare } from './vocals';

export interface ExtractOptions {
  onProgress?: ProgressCallback;
}

/** The beat-tracked tempo is trusted over the autocorrelation tempo when within ±7 % of it (no octave jump). */
const TEMPO_AGREEMENT_OCTAVES = 0.1;

export function extractFeatures(audio: PcmAudio, opts: ExtractOptions = {}): TrackFeatures {
  if (!(audio.sampleRate > 0)) throw new RangeError('sampleRate must be positive');
  const progress = opts.onProgress ?? (() => undefined);
  const durationSec = audio.samples.length / audio.sampleRate;
  progress('extracting audio features', 0);

  const spec = stft(audio.samples, audio.sampleRate);
  const fps = frameRate(spec);
  progress('extracting audio features', 0.2);

  const onsets = onsetStrength(spec);
  const roughTempo = estimateTempo(onsets, fps);
  const beats = trackBeats(onsets, fps, roughTempo);
  const tempoBpm = reconcileTempo(roughTempo, tempoFromBeats(beats));
  progress('extracting audio features', 0.4);

  const chroma = chromagram(spec, estimateTuning(spec));
  const key = estimateKey(chromaSum(chroma));
  // Without a tracked beat grid (silence, free-time audio), chroma is grouped on a fixed 120 BPM grid.
  const grid = beats.length >= 2 ? beats : regularBeatGrid(durationSec, 60 / TEMPO_PRIOR_BPM);
  const beatChroma = beatSyncChroma(chroma, fps, grid, durationSec);
  const chords = estimateChords(beatChroma, undefined, { endTime: durationSec });
  const embedding = chromaEmbedding(beatChroma);
  progress('extracting audio features', 0.6);

  const rhythm = rhythmPattern(onsets, beats, fps);
  const vocalShare = estimateVocalShare(spec);
  progress('extracting audio features', 0.8);

  const fingerprints = extractFingerprints(audio);
  progress('extracting audio features', 1);

  progress('analyzing melody patterns', 0);
  const melody = extractMelody(spec);
  progress('analyzing melody patterns', 1);

  return {
    durationSec,
    tempoBpm,
    beats,
    key,
    chords,
    melody,
    rhythmPattern: rhythm,
    beatChroma,
    embedding,
    fingerprints,
    vocalShare,
  };
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
