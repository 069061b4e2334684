import { LISTEN_URL_SECONDS, type UploadListening, type UploadWaveform } from '@originality/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Signed URLs are renewed this long before they expire, so a passage never starts on a dead URL. */
const RENEW_BEFORE_MS = 60_000;

/** GET /api/audio/uploads/{id}/waveform: the peaks the server stored (the browser decodes nothing). */
export function useUploadWaveform(uploadId: string) {
  return useQuery({
    queryKey: queryKeys.uploadWaveform(uploadId),
    queryFn: async () => (await apiGet<UploadWaveform>(queryKeys.uploadWaveform(uploadId))) as UploadWaveform,
    staleTime: Infinity,
    retry: false,
  });
}

/** GET /api/audio/uploads/{id}/listen: short-lived signed URLs, fetched again before they expire. */
export function useUploadListening(uploadId: string) {
  const renewEvery = LISTEN_URL_SECONDS * 1000 - RENEW_BEFORE_MS;
  return useQuery({
    queryKey: queryKeys.uploadListening(uploadId),
    queryFn: async () => (await apiGet<UploadListening>(queryKeys.uploadListening(uploadId))) as UploadListening,
    staleTime: renewEvery,
    refetchInterval: renewEvery,
    retry: false,
  });
}
