/**
 * Seeing and hearing the matched passages (issue 10): the upload's waveform peaks, computed once on the
 * server, and short-lived signed URLs to play the upload and the matched reference tracks straight from
 * object storage (the gateway never carries audio).
 */

/** GET /api/audio/uploads/{id}/waveform: the upload's peaks, as the analysis worker stored them. */
export interface UploadWaveform {
  uploadId: string;
  /** Length of the decoded song in seconds (the peaks span it evenly). */
  durationSec: number;
  /**
   * Min/max pairs, one pair per equal slice of the song, interleaved `[min0, max0, min1, max1, …]`, each in
   * −1…1 (full scale).
   */
  peaks: number[];
}

/** A presigned GET for one audio object, valid until `expiresAt` (ISO 8601). */
export interface SignedAudio {
  url: string;
  expiresAt: string;
}

/** Playback of one matched reference track: a signed URL when its licence allows it, else why not. */
export type ReferencePlayback =
  | ({ referenceId: string; playable: true } & SignedAudio)
  | {
      referenceId: string;
      playable: false;
      /** Shown beside the time range, e.g. 'Its licence does not allow playback here.' */
      reason: string;
    };

/** GET /api/audio/uploads/{id}/listen: the upload and each matched reference of its latest result. */
export interface UploadListening {
  uploadId: string;
  upload: SignedAudio;
  references: ReferencePlayback[];
}

/** How long a signed listening URL stays valid. */
export const LISTEN_URL_SECONDS = 300;

export const ListeningSubjects = {
  /** Owner-checked waveform peaks of an upload (request: `{ uploadId }`). */
  getWaveform: 'analysis.waveform.get',
  /** Owner-checked signed listening URLs of an upload (request: `{ uploadId }`). */
  getListening: 'analysis.listening.get',
} as const;
