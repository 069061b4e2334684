import type { EngineInfo } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const engineInfoKey = ['/api/engine'] as const;

/** GET /api/engine: the analysis engine's version and catalogue (the analysis service answers). */
export async function getEngineInfo(): Promise<EngineInfo> {
  const info = await apiGet<EngineInfo>(engineInfoKey);
  if (!info) throw new Error('Empty engine info');
  return info;
}

/** Read only where it is shown (the developer testing panel, outside production). */
export function useEngineInfo(enabled: boolean) {
  return useQuery({ queryKey: engineInfoKey, queryFn: getEngineInfo, enabled });
}
