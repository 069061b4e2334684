import 'reflect-metadata';
import { DEFAULT_HTTP_PORTS, bootstrapService } from '@originality/platform';
import { ServiceName } from '@originality/contracts';
import { UploadModule } from './upload.module';

void bootstrapService({
  name: ServiceName.UPLOAD,
  module: UploadModule,
  httpPort: DEFAULT_HTTP_PORTS[ServiceName.UPLOAD],
});
