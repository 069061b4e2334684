/** Why an audio file could not be decoded. */
export type AudioDecodeErrorCode =
  'UNSUPPORTED_FORMAT' | 'CORRUPT_AUDIO' | 'EMPTY_AUDIO' | 'DECODE_TIMEOUT' | 'FFMPEG_MISSING';

/** Plain-language message for each code; a `Record` so a new code without a message fails to compile. */
export const AUDIO_DECODE_MESSAGES: Record<AudioDecodeErrorCode, string> = {
  UNSUPPORTED_FORMAT: 'The file is not a supported audio format.',
  CORRUPT_AUDIO: 'The audio file is damaged and could not be decoded.',
  EMPTY_AUDIO: 'The file contains no audio.',
  DECODE_TIMEOUT: 'Decoding the audio took too long.',
  FFMPEG_MISSING: 'The audio decoder (ffmpeg) is not available.',
};

/** A decode failure with a machine-readable code; `detail` carries ffmpeg's own words for logs. */
export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';

  constructor(
    readonly code: AudioDecodeErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${AUDIO_DECODE_MESSAGES[code]} (${detail})` : AUDIO_DECODE_MESSAGES[code]);
  }
}

export function isAudioDecodeError(value: unknown): value is AudioDecodeError {
  return value instanceof AudioDecodeError;
}
