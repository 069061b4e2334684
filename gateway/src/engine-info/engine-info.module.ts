import { Module } from '@nestjs/common';
import { EngineInfoClient } from './engine-info.client';
import { EngineInfoController } from './engine-info.controller';

/** GET /api/engine, answered by the analysis service. */
@Module({
  controllers: [EngineInfoController],
  providers: [EngineInfoClient],
})
export class EngineInfoModule {}
