/**
 * The analysis pipeline: decode → extract features → match against the catalogue → score, reporting the
 * five progress stages of spec §4 in order.
 */
import type { AnalysisResults } from '@originality/contracts';
import type { PcmAudio, ProgressCallback, ReferenceComparison, TrackFeatures } from './types';
import type { CatalogueIndex } from './catalogue-index';
import { decodeAudio, type DecodeOptions } from './decode';
import { availableParallelism } from 'node:os';
import { extractFeatures, extractFeaturesAsync } from './features';
import { featureHelper, sharedBuffers } from './feature-threads';
import { buildAnalysisResults } from './score';

export interface AnalyseOptions {
  onProgress?: ProgressCallback;
  decode?: DecodeOptions;
}

/** Analysis of a file on disk. Rejects with AudioDecodeError when the file cannot be decoded. */
export async function analyseFile(
  path: string,
  index: CatalogueIndex,
  opts: AnalyseOptions = {},
): Promise<AnalysisResults> {
  opts.onProgress?.('initializing', 0);
  if (availableParallelism() === 1) {
    const pcm = await decodeAudio(path, opts.decode);
    opts.onProgress?.('initializing', 1);
    return analyseAudio(pcm, index, { ...opts, initialised: true });
  }
  // The helper thread of extractFeaturesAsync (when not yet running) starts while ffmpeg decodes, and the samples
  // land in a pooled shared buffer it reads without a copy.
  featureHelper();
  let pcmBuffer: SharedArrayBuffer | undefined;
  const storage = (bytes: number) => (pcmBuffer = sharedBuffers.acquire(bytes));
  const pcm = await decodeAudio(path, { ...opts.decode, storage });
  opts.onProgress?.('initializing', 1);
  const results = await analyseAudio(pcm, index, { ...opts, initialised: true });
  // Back to the pool only after a success: after a failure the helper thread may still be reading it.
  if (pcmBuffer) sharedBuffers.release(pcmBuffer);
  return results;
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
    ? await extractFeaturesAsync(pcm, { onProgress: progress })
    : extractFeatures(pcm, { onProgress: progress });
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
