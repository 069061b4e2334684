/** Thrown when object storage refuses the bytes. */
export class StoragePutError extends Error {
  constructor(readonly status: number) {
    super(`object storage answered ${status}`);
    this.name = 'StoragePutError';
  }
}

/**
 * Sends the file straight to object storage with the presigned URL (the gateway never holds it).
 * No cookies: the URL itself is the permission.
 */
export async function putFile(uploadURL: string, file: File): Promise<void> {
  const res = await fetch(uploadURL, { method: 'PUT', headers: { 'Content-Type': file.type }, body: file });
  if (!res.ok) throw new StoragePutError(res.status);
}
