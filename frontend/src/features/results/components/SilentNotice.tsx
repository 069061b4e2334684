import type { AnalysisResults } from '@originality/contracts';
import { Alert } from 'antd';

/**
 * Shown above the scores of a file with no sound in it: its analysis had nothing to compare, so its 100 % original
 * reading is about no music at all, and the creator should not take it for a verdict on their song.
 */
export function SilentNotice({ result }: { result: Pick<AnalysisResults, 'silent'> }) {
  if (!result.silent) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="This file is silent"
      description="It holds no sound, so there was nothing to compare with the catalogue and the scores below say nothing about originality. Upload the song's audio to check it."
    />
  );
}
