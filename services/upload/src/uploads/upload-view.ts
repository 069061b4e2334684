import type { UploadView } from '@originality/contracts';
import type { Upload } from './upload.entity';

export function toUploadView(upload: Upload): UploadView {
  return {
    id: upload.id,
    filename: upload.filename,
    originalFilename: upload.originalFilename,
    fileSize: upload.fileSize,
    mimeType: upload.mimeType,
    objectPath: upload.objectPath,
    duration: upload.duration,
    createdAt: upload.createdAt.toISOString(),
    analysisStatus: upload.analysisStatus,
    originalityScore: upload.originalityScore,
    matchCount: upload.matchCount,
    failureReason: upload.failureReason,
  };
}
