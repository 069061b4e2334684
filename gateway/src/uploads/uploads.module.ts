import { Module } from '@nestjs/common';
import { UploadsClient } from './uploads.client';
import { UploadsController } from './uploads.controller';

/** Uploads: presigned URLs, registering, history, usage, reanalysis and delete. Exports the client (ownership checks, profile totals). */
@Module({ controllers: [UploadsController], providers: [UploadsClient], exports: [UploadsClient] })
export class UploadsModule {}
