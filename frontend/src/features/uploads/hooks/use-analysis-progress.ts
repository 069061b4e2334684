import type { AnalysisProgress, UploadView } from '@originality/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { TIMINGS } from '../../../lib/timings';
import { useUploadStatus } from '../api/get-upload';
import { applyProgress, applyStatus, isFinal, type ProgressState, STARTING } from '../lib/progress';

const eventsPath = (uploadId: string) => `/api/audio/uploads/${encodeURIComponent(uploadId)}/events`;

function parseProgress(data: unknown): AnalysisProgress | null {
  try {
    return typeof data === 'string' ? (JSON.parse(data) as AnalysisProgress) : null;
  } catch {
    return null;
  }
}

/**
 * One analysis as the worker reports it: live from the gateway's Server-Sent Events; once the
 * stream opens, one status read catches an analysis that ended before we listened; if the stream
 * drops, the upload's status is read every few seconds until the analysis ends. The worker's final
 * event can arrive before the upload service has recorded the outcome, so after it the upload is read
 * until its own status is final too, and only then is the history refreshed.
 */
export function useAnalysisProgress(upload: UploadView): ProgressState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ProgressState>(() => applyStatus(STARTING, upload));
  const [listening, setListening] = useState(false);
  const [dropped, setDropped] = useState(false);
  const since = useRef(Date.now());
  const done = isFinal(state.status);
  const [recorded, setRecorded] = useState(() => isFinal(upload.analysisStatus));

  useEffect(() => {
    if (isFinal(upload.analysisStatus)) return;
    const source = new EventSource(eventsPath(upload.id));
    source.addEventListener('open', () => setListening(true));
    source.addEventListener('progress', (message) => {
      const event = parseProgress((message as MessageEvent).data);
      if (!event) return;
      setState((current) => applyProgress(current, event));
      if (isFinal(event.status)) source.close();
    });
    source.addEventListener('error', () => {
      source.close();
      setDropped(true);
    });
    return () => source.close();
  }, [upload.id, upload.analysisStatus]);

  const awaitingRecord = done && !recorded;
  const status = useUploadStatus(upload.id, {
    enabled: (!done && (listening || dropped)) || awaitingRecord,
    pollMs: awaitingRecord ? TIMINGS.outcomeRecordedPoll : !done && dropped ? TIMINGS.statusPollFallback : false,
  });
  useEffect(() => {
    // Ignore what the cache held from before this run started.
    if (!status.data || status.dataUpdatedAt < since.current) return;
    setState((current) => applyStatus(current, status.data));
    if (isFinal(status.data.analysisStatus)) setRecorded(true);
  }, [status.data, status.dataUpdatedAt]);

  useEffect(() => {
    if (!done || !recorded) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.uploads, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  }, [done, recorded, queryClient]);

  return state;
}
