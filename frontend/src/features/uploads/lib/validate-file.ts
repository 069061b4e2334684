import { UPLOAD_RULES } from '@originality/contracts';

/** A refused pick, worded as spec §5 says (the toast's title and description). */
export interface FileRefusal {
  title: string;
  description: string;
}

const ACCEPTED_TYPES: readonly string[] = UPLOAD_RULES.mimeTypes;

/**
 * Spec §5: one file, an MP3/MP4/WAV type, at most 50 MB. The server checks all of this again (and
 * the real bytes); this only spares a pointless upload.
 */
export function checkPickedFiles(files: readonly File[]): { file: File } | { refusal: FileRefusal } {
  if (files.length !== 1) {
    return { refusal: { title: 'Too Many Files', description: 'You can only upload 1 file at a time.' } };
  }
  const [file] = files;
  if (!ACCEPTED_TYPES.includes(file.type)) {
    return {
      refusal: {
        title: 'Invalid File Type',
        description: `Please upload audio files only (MP3, MP4, WAV). "${file.name}" is not supported.`,
      },
    };
  }
  if (file.size > UPLOAD_RULES.maxBytes) {
    return {
      refusal: { title: 'File Too Large', description: `"${file.name}" is too large. Maximum size is 50MB.` },
    };
  }
  return { file };
}

/** The `accept` attribute of the file picker. */
export const PICKER_ACCEPT = ACCEPTED_TYPES.join(',');
