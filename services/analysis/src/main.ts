import 'reflect-metadata';
import { ServiceName } from '@originality/contracts';
import { DEFAULT_HTTP_PORTS, bootstrapService } from '@originality/platform';
import { AnalysisModule } from './analysis.module';
import { analysisConfigSpec } from './config';

void bootstrapService({
  name: ServiceName.ANALYSIS,
  module: AnalysisModule,
  httpPort: DEFAULT_HTTP_PORTS[ServiceName.ANALYSIS],
  config: analysisConfigSpec,
});
