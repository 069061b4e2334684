import type { CreateUploadRequest, UploadView } from '@originality/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/audio/create: registers the stored object; the server checks it and starts the analysis. */
export function createUpload(file: File, objectPath: string): Promise<UploadView> {
  const request: CreateUploadRequest = {
    filename: file.name,
    originalFilename: file.name,
    fileSize: file.size,
    mimeType: file.type,
    objectPath,
    duration: null,
  };
  return apiRequest<UploadView>('POST', '/api/audio/create', request);
}
