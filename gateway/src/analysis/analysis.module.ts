import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module';
import { AnalysisClient } from './analysis.client';
import { AnalysisController } from './analysis.controller';
import { ProgressStreams } from './progress-stream';

/** Analysis results and live progress of the caller's uploads. */
@Module({
  // The upload service answers who owns an upload before its progress is streamed.
  imports: [UploadsModule],
  controllers: [AnalysisController],
  providers: [AnalysisClient, ProgressStreams],
})
export class AnalysisModule {}
