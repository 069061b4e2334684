import { UPLOAD_RULES } from '@originality/contracts';

/** Spec §5 refusal texts, word for word (the browser shows them as they come). */
export const invalidFileType = (file: string) =>
  `Invalid File Type — Please upload audio files only (MP3, MP4, WAV). "${file}" is not supported.`;

/** Without a name (an upload URL asked for with only a size), the sentence names 'The file'. */
export const fileTooLarge = (file?: string) =>
  `File Too Large — ${file === undefined ? 'The file' : `"${file}"`} is too large. Maximum size is ${UPLOAD_RULES.maxBytes / 1024 / 1024}MB.`;

export const emptyFile = (file: string) => `Empty File — "${file}" is empty. Please choose an audio file.`;
export const NOT_UPLOADED = 'The file was not found in storage. Please upload it again.';
export const NOT_YOUR_FILE = 'This file was not uploaded by you.';
export const ALREADY_REGISTERED = 'This file has already been added to your uploads.';
export const UPLOAD_NOT_FOUND = 'Upload not found.';
export const ONLY_COMPLETED_REANALYSIS = 'Only a completed analysis can be reanalyzed.';
