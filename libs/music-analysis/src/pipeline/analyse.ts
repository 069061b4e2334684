/**
 * The analysis pipeline: decode → extract features → match against the catalogue → score, reporting the
 * five progress stages of spec §4 in order.
 */
import type { AnalysisResults } from '@originality/contracts';
import type { PcmAudio, ProgressCallback, ReferenceComparison, TrackFeatures } from '../types';
import type { CatalogueIndex } from '../index/catalogue-index';
import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { decodeAudio, decodeCapacity, type DecodeOptions } from '../io/decode';
import { availableParallelism } from 'node:os';
import { extractFeatures, extractFeaturesAsync, StreamingFeatureExtraction } from './features';
import { buildAnalysisResults } from '../matching/score';
import { isSilent } from '../signal/silence';

export interface AnalyseOptions {
  onProgress?: ProgressCallback;
  decode?: DecodeOptions;
  /** Receives the decoded audio once, so a caller can derive more from it (waveform peaks) without decoding again. */
  onDecoded?: (pcm: PcmAudio) => void;
}

/**
 * Analysis of a file on disk. Rejects with AudioDecodeError when the file cannot be decoded. With more than one
 * CPU, feature extraction starts while ffmpeg is still decoding (StreamingFeatureExtraction): measured on a
 * 3-minute MP3, most of the STFT and fingerprint work then runs beside the decode instead of after it.
 */
export async function analyseFile(
  path: string,
  index: CatalogueIndex,
  opts: AnalyseOptions = {},
): Promise<AnalysisResults> {
  const progress: ProgressCallback = opts.onProgress ?? (() => undefined);
  progress('initializing', 0);
  const streamable = (opts.decode?.sampleRate ?? ANALYSIS_SAMPLE_RATE) === ANALYSIS_SAMPLE_RATE;
  if (availableParallelism() === 1 || !streamable) {
    const pcm = await decodeAudio(path, opts.decode);
    opts.onDecoded?.(pcm);
    progress('initializing', 1);
    return analyseAudio(pcm, index, { ...opts, initialised: true });
  }
  const extraction = new StreamingFeatureExtraction(decodeCapacity(opts.decode));
  const decode = { ...opts.decode, storage: extraction.storage, onSamples: extraction.add, onIdle: extraction.idle };
  const pcm = await decodeAudio(path, decode).catch((error: unknown) => {
    extraction.fail();
    throw error;
  });
  opts.onDecoded?.(pcm);
  progress('initializing', 1);
  const features = await extraction.finish(pcm, { onProgress: progress, matchNext: true });
  return withSilence(await compareAndScore(features, index, true, progress), pcm);
}

/**
 * Analysis of decoded audio: feature extraction and matching on two threads (extractFeaturesAsync, matchAsync)
 * when the machine has more than one CPU, else on this one. The results are the same.
 */
export async function analyseAudio(
  pcm: PcmAudio,
  index: CatalogueIndex,
  opts: AnalyseOptions & { initialised?: boolean } = {},
): Promise<AnalysisResults> {
  const progress: ProgressCallback = opts.onProgress ?? (() => undefined);
  if (!opts.initialised) {
    progress('initializing', 0);
    progress('initializing', 1);
  }
  const threaded = availableParallelism() > 1;
  const features = threaded
    ? await extractFeaturesAsync(pcm, { onProgress: progress, matchNext: true })
    : extractFeatures(pcm, { onProgress: progress });
  return withSilence(await compareAndScore(features, index, threaded, progress), pcm);
}

/** The results, marked silent when the recording holds no sound (its scores then say nothing about the music). */
function withSilence(results: AnalysisResults, pcm: PcmAudio): AnalysisResults {
  return isSilent(pcm.samples) ? { ...results, silent: true } : results;
}

/** The last two stages, the comparisons on two threads when `threaded` (CatalogueIndex.matchAsync). */
async function compareAndScore(
  features: TrackFeatures,
  index: CatalogueIndex,
  threaded: boolean,
  progress: ProgressCallback,
): Promise<AnalysisResults> {
  progress('comparing with database', 0);
  const matches = threaded ? await index.matchAsync(features) : index.match(features);
  progress('comparing with database', 1);
  return score(features, matches, index, progress);
}

/** The last two stages on already-extracted features (reanalysis against a changed catalogue). */
export function matchAndScore(
  features: TrackFeatures,
  index: CatalogueIndex,
  onProgress?: ProgressCallback,
): AnalysisResults {
  const progress: ProgressCallback = onProgress ?? (() => undefined);
  progress('comparing with database', 0);
  const matches = index.match(features);
  progress('comparing with database', 1);
  return score(features, matches, index, progress);
}

/** The last stage: originality score and explanations from the comparisons. */
function score(
  features: TrackFeatures,
  matches: ReferenceComparison[],
  index: CatalogueIndex,
  progress: ProgressCallback,
): AnalysisResults {
  progress('calculating originality score', 0);
  const results = buildAnalysisResults({
    query: features,
    matches,
    priorArt: index.priorArt,
    catalogue: { size: index.size, version: index.version },
  });
  progress('calculating originality score', 1);
  return results;
}
