import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Caller, EngineInfo } from '@originality/contracts';
import { CurrentCaller, RequireSignIn } from '../access/access.decorators';
import { EngineInfoClient } from './engine-info.client';

@ApiTags('engine')
@Controller('api')
export class EngineInfoController {
  constructor(private readonly engine: EngineInfoClient) {}

  /** The engine version and the catalogue it matches against (developer testing panel, spec §2 debug info). */
  @Get('engine')
  @RequireSignIn()
  @ApiOkResponse({ description: 'EngineInfo: engineVersion, catalogue { size, version }' })
  @ApiUnauthorizedResponse({ description: 'Not signed in.' })
  engineInfo(@CurrentCaller() caller: Caller): Promise<EngineInfo> {
    return this.engine.engineInfo(caller);
  }
}
