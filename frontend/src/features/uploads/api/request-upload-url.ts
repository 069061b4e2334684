import type { UploadUrlReply } from '@originality/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/audio/upload → a presigned PUT for one file (the type and size let the server bind and check it). */
export function requestUploadUrl(file: File): Promise<UploadUrlReply> {
  return apiRequest<UploadUrlReply>('POST', '/api/audio/upload', { mimeType: file.type, fileSize: file.size });
}
