import { useCallback, useEffect, useRef, useState } from 'react';
import { type AbPhase, playAB } from './ab-playback';
import type { Passage } from './passages';

export interface PassagePlayer {
  /** The upload's audio element (the waveform follows it). */
  upload: HTMLAudioElement;
  phase: AbPhase;
  /** Why the last playback failed (the browser refused or could not load the audio), until the next one. */
  error: string | null;
  /** False until the upload's signed URL has arrived. */
  ready: boolean;
  /** Plays the passage in the upload, then in the reference when `referenceUrl` is given (A/B). */
  play(passage: Passage, referenceUrl: string | null, applyTransposition: boolean): void;
  stop(): void;
}

/**
 * Two audio elements playing from signed URLs: the upload and the selected reference. A renewed URL is taken
 * over only while nothing plays, so a passage is never cut off.
 */
export function usePassagePlayer(uploadUrl: string | undefined): PassagePlayer {
  const [upload] = useState(() => new Audio());
  const [reference] = useState(() => new Audio());
  const [phase, setPhase] = useState<AbPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    if (uploadUrl && upload.paused && upload.src !== uploadUrl) upload.src = uploadUrl;
  }, [upload, uploadUrl]);

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setPhase('idle');
  }, []);
  useEffect(() => stop, [stop]);

  const play = useCallback(
    (passage: Passage, referenceUrl: string | null, applyTransposition: boolean) => {
      stop();
      if (!uploadUrl) return;
      const controller = new AbortController();
      running.current = controller;
      setError(null);
      if (upload.src !== uploadUrl) upload.src = uploadUrl;
      if (referenceUrl && reference.src !== referenceUrl) reference.src = referenceUrl;
      playAB(upload, referenceUrl ? reference : null, passage, {
        applyTransposition,
        signal: controller.signal,
        onPhase: (next) => {
          if (running.current === controller) setPhase(next);
        },
      }).catch((failure: unknown) => {
        if (running.current !== controller) return;
        setPhase('idle');
        setError(failure instanceof Error ? failure.message : String(failure));
      });
    },
    [reference, stop, upload, uploadUrl],
  );

  return { upload, phase, error, ready: Boolean(uploadUrl), play, stop };
}
