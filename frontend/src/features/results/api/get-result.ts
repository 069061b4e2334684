import type { AnalysisResultView } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/audio/uploads/{id}/result: the stored analysis (404 until it has completed). */
export async function getResult(uploadId: string): Promise<AnalysisResultView> {
  return (await apiGet<AnalysisResultView>(queryKeys.uploadResult(uploadId))) as AnalysisResultView;
}

export function useAnalysisResult(uploadId: string) {
  return useQuery({ queryKey: queryKeys.uploadResult(uploadId), queryFn: () => getResult(uploadId), staleTime: 0 });
}
