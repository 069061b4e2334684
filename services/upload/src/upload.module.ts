import { Module } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import { ObjectStorage, ObjectStorageReadiness, PlatformServiceModule } from '@originality/platform';
import { uploadConfigProvider } from './config';
import { UploadMigrations } from './migrations';
import { Entitlements } from './quota/entitlements';
import { MonthlyQuota } from './quota/monthly-quota';
import { MonthlyUsage } from './quota/monthly-usage.entity';
import { UPLOAD_SCHEMA } from './schema';
import { AnalysisStatusConsumer } from './uploads/analysis-status.consumer';
import { UploadHandlers } from './uploads/upload.handlers';
import { Upload } from './uploads/upload.entity';
import { UploadsService } from './uploads/uploads.service';

@Module({
  imports: [
    PlatformServiceModule.forRoot({
      name: ServiceName.UPLOAD,
      schema: UPLOAD_SCHEMA,
      entities: [Upload, MonthlyUsage],
      migrations: UploadMigrations,
      health: { readiness: [ObjectStorageReadiness] },
    }),
  ],
  controllers: [UploadHandlers],
  providers: [
    uploadConfigProvider,
    // The uploads bucket exists before the first URL is handed out (MinIO and S3 start without it).
    { provide: ObjectStorage, useFactory: () => ObjectStorage.connect() },
    Entitlements,
    MonthlyQuota,
    UploadsService,
    AnalysisStatusConsumer,
  ],
})
export class UploadModule {}
