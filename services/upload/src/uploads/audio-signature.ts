/** The audio containers the product accepts, told apart by their first bytes (never by name or MIME claim). */
export type AudioKind = 'mp3' | 'mp4' | 'wav';

/** The MIME type stored for each kind. */
export const MIME_OF_KIND: Record<AudioKind, string> = { mp3: 'audio/mpeg', mp4: 'audio/mp4', wav: 'audio/wav' };

/** Bytes needed to recognise every kind. */
export const SIGNATURE_BYTES = 12;

const ascii = (bytes: Buffer, offset: number, text: string) =>
  bytes.length >= offset + text.length && bytes.toString('latin1', offset, offset + text.length) === text;

/**
 * An MPEG audio frame header: 11 sync bits, a version that is not the reserved 01, a layer that is
 * not the reserved 00 (which also tells it apart from AAC's ADTS header), and a bitrate index that
 * is not the invalid 1111.
 */
function isMpegFrame(bytes: Buffer): boolean {
  if (bytes.length < 3 || bytes[0] !== 0xff || (bytes[1] & 0xe0) !== 0xe0) return false;
  const version = (bytes[1] >> 3) & 0b11;
  const layer = (bytes[1] >> 1) & 0b11;
  const bitrate = bytes[2] >> 4;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111;
}

/** What the first bytes of a file say it is: MP3 (ID3 tag or frame sync), MP4/M4A (`ftyp` box), WAV (RIFF/WAVE). */
export function detectAudioKind(firstBytes: Buffer): AudioKind | null {
  if (ascii(firstBytes, 0, 'ID3') || isMpegFrame(firstBytes)) return 'mp3';
  if (ascii(firstBytes, 4, 'ftyp')) return 'mp4';
  if (ascii(firstBytes, 0, 'RIFF') && ascii(firstBytes, 8, 'WAVE')) return 'wav';
  return null;
}
