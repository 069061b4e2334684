import type { UploadPage, UploadView, VersionDiff } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** The query key is the GET path's segments. */
const diffKey = (uploadId: string, otherId: string) => ['/api/audio/uploads', uploadId, 'diff', otherId] as const;
/** The newest 50 uploads are the versions a creator can compare with. */
const COMPARABLE_KEY = ['/api/audio/uploads?limit=50'] as const;

/** GET /api/audio/uploads/{id}/diff/{otherId}: how the scores and matches moved between two versions. */
export function useVersionDiff(uploadId: string, otherId: string | null) {
  return useQuery({
    queryKey: diffKey(uploadId, otherId ?? ''),
    queryFn: async () => (await apiGet<VersionDiff>(diffKey(uploadId, otherId!))) as VersionDiff,
    enabled: otherId !== null,
  });
}

/** The caller's other uploads with a completed analysis, newest first (the history's first page of 50). */
export function useComparableUploads(uploadId: string) {
  return useQuery({
    queryKey: COMPARABLE_KEY,
    queryFn: async () => ((await apiGet<UploadPage>(COMPARABLE_KEY)) as UploadPage).uploads,
    select: (uploads: UploadView[]) =>
      uploads.filter((upload) => upload.id !== uploadId && upload.analysisStatus === 'completed'),
  });
}
