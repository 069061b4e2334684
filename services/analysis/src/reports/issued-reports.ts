import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AnalysisRunEntity } from '../jobs/analysis-run.entity';
import { IssuedReportEntity } from './report-entities';

/** 128 random bits: unguessable, so an id found nowhere else cannot be made up. */
export const newVerificationId = () => randomBytes(16).toString('hex');

/** The register of issued reports a verification id is checked against. */
@Injectable()
export class IssuedReports {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The report of this completed run: issued on the first download, the same one on every later download. */
  async issueFor(run: AnalysisRunEntity, sha256: string): Promise<IssuedReportEntity> {
    const repository = this.dataSource.getRepository(IssuedReportEntity);
    await repository
      .createQueryBuilder()
      .insert()
      .values({
        verificationId: newVerificationId(),
        analysisId: run.analysisId,
        uploadId: run.uploadId,
        sha256,
        originalityScore: run.results!.originalityScore,
        engineVersion: run.results!.engineVersion,
        catalogueVersion: run.results!.catalogue.version,
      })
      .orIgnore()
      .execute();
    return (await repository.findOneBy({ analysisId: run.analysisId }))!;
  }

  find(verificationId: string): Promise<IssuedReportEntity | null> {
    return this.dataSource.getRepository(IssuedReportEntity).findOneBy({ verificationId });
  }
}
