import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** sha256 of a file's bytes, hex: the catalogue's identity of a piece of audio. */
export function contentHashOf(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
