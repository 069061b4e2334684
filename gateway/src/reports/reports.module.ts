import { Module } from '@nestjs/common';
import { ReportsClient } from './reports.client';
import { ReportsController } from './reports.controller';

/** Reports (JSON and PDF, Pro), their public verification, and version diffs; the analysis service does the work. */
@Module({
  controllers: [ReportsController],
  providers: [ReportsClient],
})
export class ReportsModule {}
