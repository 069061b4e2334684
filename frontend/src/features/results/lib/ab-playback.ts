import type { TimeRange } from '@originality/contracts';
import { type Passage, transposingRate } from './passages';

/** The part of a media element A/B playback uses (an HTMLAudioElement, or a test double). */
export type PassageMedia = Pick<
  HTMLMediaElement,
  | 'currentTime'
  | 'playbackRate'
  | 'preservesPitch'
  | 'paused'
  | 'play'
  | 'pause'
  | 'addEventListener'
  | 'removeEventListener'
>;

export type AbPhase = 'upload' | 'reference' | 'idle';

export interface AbOptions {
  /** Shift the reference by the passage's transposition (pitch and speed change together, as on tape). */
  applyTransposition: boolean;
  signal: AbortSignal;
  onPhase(phase: AbPhase): void;
}

/**
 * Plays `range` of `media`. Resolves true when it reached the range's end (or the media's), false when it was
 * paused from outside or `signal` aborted (then it is paused here).
 */
export function playRange(media: PassageMedia, range: TimeRange, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return resolve(false);
    const detach = () => {
      media.removeEventListener('timeupdate', onTime);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('ended', onEnded);
      signal.removeEventListener('abort', onAbort);
    };
    const finish = (reachedEnd: boolean) => {
      detach();
      resolve(reachedEnd);
    };
    const onPause = () => finish(false);
    const onEnded = () => finish(true);
    const onAbort = () => {
      finish(false);
      if (!media.paused) media.pause();
    };
    const onTime = () => {
      if (media.currentTime < range.end) return;
      finish(true);
      media.pause();
    };
    media.currentTime = range.start;
    media.addEventListener('timeupdate', onTime);
    media.addEventListener('ended', onEnded);
    signal.addEventListener('abort', onAbort);
    media.play().then(
      // Listened for only once playing: starting may fire the pause of an earlier run.
      () => media.addEventListener('pause', onPause),
      (error: unknown) => {
        detach();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A/B: the upload's passage, then the reference's matching passage right after it (when the reference may be
 * played), optionally transposed by the passage's transform so both sound in the same key.
 */
export async function playAB(
  upload: PassageMedia,
  reference: PassageMedia | null,
  passage: Pick<Passage, 'query' | 'reference' | 'transform'>,
  options: AbOptions,
): Promise<void> {
  try {
    options.onPhase('upload');
    // Paused by the listener or replaced by another passage: the reference does not follow.
    if (!(await playRange(upload, passage.query, options.signal)) || !reference) return;
    const shift = options.applyTransposition ? passage.transform.transpositionSemitones : 0;
    reference.preservesPitch = shift === 0;
    reference.playbackRate = transposingRate(shift);
    options.onPhase('reference');
    await playRange(reference, passage.reference, options.signal);
  } finally {
    options.onPhase('idle');
  }
}
