import { Module } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import { PlatformServiceModule } from '@originality/platform';
import { UploadMigrations } from './migrations';
import { UPLOAD_SCHEMA } from './schema';

@Module({
  imports: [
    PlatformServiceModule.forRoot({
      name: ServiceName.UPLOAD,
      schema: UPLOAD_SCHEMA,
      entities: [],
      migrations: UploadMigrations,
    }),
  ],
})
export class UploadModule {}
