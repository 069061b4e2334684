/**
 * The analysis pipeline: decode → extract features → match against the catalogue → score, reporting the
 * five progress stages of spec §4 in order.
 */
import type { AnalysisResults } from '@originality/contracts';
import type { PcmAudio, ProgressCallback, TrackFeatures } from './types';
import type { CatalogueIndex } from './catalogue-index';
import { decodeAudio, type DecodeOptions } from './decode';
import { extractFeatures } from './features';
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
  const pcm = await decodeAudio(path, opts.decode);
  opts.onProgress?.('initializing', 1);
  return analyseAudio(pcm, index, { ...opts, initialised: true });
}

/** Analysis of decoded audio. */
export function analyseAudio(
  pcm: PcmAudio,
  index: CatalogueIndex,
  opts: AnalyseOptions & { initialised?: boolean } = {},
): AnalysisResults {
  const progress: ProgressCallback = opts.onProgress ?? (() => undefined);
  if (!opts.initialised) {
    progress('initializing', 0);
    progress('initializing', 1);
  }
  const features = extractFeatures(pcm, { onProgress: progress });
  return matchAndScore(features, index, progress);
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
