import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type Caller, type EngineInfo, EngineInfoSubjects } from '@originality/contracts';
import { ENGINE_VERSION } from '@originality/music-analysis';
import { EnvelopeCaller, EnvelopeData, requireCaller } from '@originality/platform';
import { CatalogueService } from '../catalogue/catalogue.service';

/** The request carries no data; unknown fields are refused by the envelope validation. */
export class EngineInfoRequestDto {}

/**
 * NATS edge of the engine info: the engine version this process runs and the catalogue index it
 * matches against, as the developer testing panel shows them.
 */
@Controller()
export class EngineInfoHandlers {
  constructor(private readonly catalogue: CatalogueService) {}

  @MessagePattern(EngineInfoSubjects.get)
  async engineInfo(
    @EnvelopeData(EngineInfoRequestDto) _: EngineInfoRequestDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<EngineInfo> {
    requireCaller(caller);
    const index = await this.catalogue.currentIndex();
    return { engineVersion: ENGINE_VERSION, catalogue: { size: index.size, version: index.version } };
  }
}
