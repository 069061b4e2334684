import { isShortClip, SHORT_CLIP_SECONDS, type AnalysisResults } from '@originality/contracts';
import { Alert } from 'antd';

/**
 * Shown above the scores of a clip too short for a copy in it to be recognised reliably (SHORT_CLIP_SECONDS): its
 * high originality may only mean there was too little to compare, and the creator should know before relying on it.
 */
export function ShortClipNotice({ result }: { result: Pick<AnalysisResults, 'durationSec' | 'silent'> }) {
  if (!isShortClip(result)) return null;
  return (
    <Alert
      type="info"
      showIcon
      title="This clip is very short"
      description={`At ${result.durationSec.toFixed(1)} s it is shorter than the ${SHORT_CLIP_SECONDS} s a copy needs to be recognised reliably, so finding no match here does not clear it. Upload a longer excerpt (5 s or more) for a firm reading.`}
    />
  );
}
