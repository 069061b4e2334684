import 'reflect-metadata';
import { ServiceName } from '@originality/contracts';
import { DEFAULT_HTTP_PORTS, bootstrapService } from '@originality/platform';
import { uploadConfigSpec } from './config';
import { UploadModule } from './upload.module';

void bootstrapService({
  name: ServiceName.UPLOAD,
  module: UploadModule,
  httpPort: DEFAULT_HTTP_PORTS[ServiceName.UPLOAD],
  config: uploadConfigSpec,
});
