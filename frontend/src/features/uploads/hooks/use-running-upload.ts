import type { UploadView } from '@originality/contracts';
import { useUploadHistory } from '../api/list-uploads';
import { isFinal } from '../lib/progress';

/** The newest upload whose analysis is still under way (so the card can follow it after a reload). */
export function useRunningUpload(): UploadView | null {
  const history = useUploadHistory();
  const newest = history.data?.pages[0]?.uploads[0];
  return newest && !isFinal(newest.analysisStatus) ? newest : null;
}
