import { Module } from '@nestjs/common';
import { AnalysisClient } from './analysis.client';
import { AnalysisController } from './analysis.controller';
import { ProgressStreams } from './progress-stream';

/** Analysis results and live progress of the caller's uploads. */
@Module({
  controllers: [AnalysisController],
  providers: [AnalysisClient, ProgressStreams],
})
export class AnalysisModule {}
