import { isAudioDecodeError } from '@originality/music-analysis';
import { PermanentJobError } from '@originality/platform';

/** Why an analysis failed, in words the creator reads in the upload history. */
export const FailureReason = {
  notAudio: 'not an audio file',
  corrupt: 'the audio is corrupt',
  tooLong: 'longer than 15 minutes',
  unreadable: 'the analysis service could not read the file',
} as const;

/** A failure with a reason that retrying cannot change (the file itself is the problem). */
export class AnalysisFailure extends PermanentJobError {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Sorts an error from downloading or analysing: the engine's decode errors about the file are permanent
 * with their reason; a missing decoder or a decode timeout may pass (retried); anything else is retried too.
 */
export function classifyFailure(error: unknown): Error {
  if (error instanceof AnalysisFailure) return error;
  if (isAudioDecodeError(error)) {
    switch (error.code) {
      case 'UNSUPPORTED_FORMAT':
      case 'EMPTY_AUDIO':
        return new AnalysisFailure(FailureReason.notAudio);
      case 'CORRUPT_AUDIO':
        return new AnalysisFailure(FailureReason.corrupt);
      case 'DECODE_TIMEOUT':
      case 'FFMPEG_MISSING':
        return error;
    }
  }
  if (isMissingObject(error)) return new AnalysisFailure(FailureReason.unreadable);
  return error instanceof Error ? error : new Error(String(error));
}

/** The reason recorded when a job is given up: its own when it has one, else that the file could not be read. */
export function reasonOf(error: Error): string {
  return error instanceof AnalysisFailure ? error.reason : FailureReason.unreadable;
}

function isMissingObject(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
