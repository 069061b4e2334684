import { Module } from '@nestjs/common';
import { UploadTotalsSource } from './upload-totals.source';
import { UploadsClient } from './uploads.client';
import { AdminUploadsController } from './admin-uploads.controller';
import { UploadsController } from './uploads.controller';

/** Uploads: presigned URLs, registering, history, usage, reanalysis and delete. Exports the client (ownership checks, profile totals). */
@Module({
  controllers: [UploadsController, AdminUploadsController],
  providers: [UploadsClient, UploadTotalsSource],
  exports: [UploadsClient, UploadTotalsSource],
})
export class UploadsModule {}
