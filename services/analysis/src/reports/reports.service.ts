import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AnalysisResults,
  type Caller,
  type DiffRequest,
  type IssueReportRequest,
  type IssuedReport,
  type ReportVerification,
  UploadSubjects,
  type UploadView,
  type VerifyReportRequest,
  type VersionDiff,
  verifyPath,
} from '@originality/contracts';
import { DomainError, RpcClient } from '@originality/platform';
import type { AnalysisRunEntity } from '../jobs/analysis-run.entity';
import { AnalysisRuns } from '../jobs/analysis-runs';
import { decodePeaks } from '../listening/peaks';
import { RunWaveformEntity } from '../listening/run-waveform.entity';
import { IssuedReports } from './issued-reports';
import { buildReport } from './report-builder';
import { renderReportPdf } from './report-pdf';
import { ReportPlan } from './report-plan';
import { SongDigests } from './song-digests';
import { type DiffVersion, diffVersions } from './version-diff';
import { reportPeaks } from './waveform-peaks';
import type { DataSource } from 'typeorm';

/** A run with its outcome stored. */
type CompletedRun = AnalysisRunEntity & { results: AnalysisResults; processingMs: number; finishedAt: Date };

/** 'Night Drive (v2)' → 'night-drive-v2', for the download's file name. */
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'song';

/**
 * Reports (owner, Pro), their public verification, and the diff of two versions of a song (owner). Another
 * user's upload reads as not found, so ids reveal nothing.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly runs: AnalysisRuns,
    private readonly plan: ReportPlan,
    private readonly digests: SongDigests,
    private readonly issued: IssuedReports,
    private readonly rpc: RpcClient,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async issue(caller: Caller | null, request: IssueReportRequest): Promise<IssuedReport> {
    if (!caller) throw DomainError.unauthenticated();
    const run = await this.completedRunOf(caller, request.uploadId);
    await this.plan.assertCanDownload(caller);
    const upload = await this.rpc.request<{ id: string }, UploadView>(
      UploadSubjects.get,
      { id: run.uploadId },
      { caller },
    );
    const digest = await this.digests.of(run.uploadId, run.objectPath);
    const issued = await this.issued.issueFor(run, digest.sha256);
    const report = buildReport({
      verification: {
        id: issued.verificationId,
        issuedAt: issued.issuedAt,
        verifyUrl: `${request.publicUrl.replace(/\/+$/, '')}${verifyPath(issued.verificationId)}`,
      },
      upload: {
        uploadId: run.uploadId,
        title: run.title,
        originalFilename: upload.originalFilename,
        uploadedAt: upload.createdAt,
      },
      file: { sha256: digest.sha256, sizeBytes: digest.sizeBytes, peaks: await this.peaksOf(run.analysisId) },
      analysis: { results: run.results, analysedAt: run.finishedAt, processingMs: run.processingMs },
    });
    const filename = `originality-report-${slug(run.title)}.${request.format}`;
    if (request.format === 'json') return { format: 'json', filename, report };
    return { format: 'pdf', filename, pdfBase64: (await renderReportPdf(report)).toString('base64') };
  }

  /** The outline of the waveform the worker kept for this run (runs from before waveforms were kept have none). */
  private async peaksOf(analysisId: string): Promise<number[]> {
    const stored = await this.dataSource.manager.findOneBy(RunWaveformEntity, { analysisId });
    return stored ? reportPeaks(decodePeaks(stored.peaks)) : [];
  }

  /** Public: whether this server issued the report, with what it vouched for (nothing personal). */
  async verify({ verificationId, sha256 }: VerifyReportRequest): Promise<ReportVerification> {
    const issued = await this.issued.find(verificationId);
    if (!issued) throw DomainError.notFound('No report with this verification id was issued by this server.');
    return {
      verificationId: issued.verificationId,
      issued: true,
      sha256: issued.sha256,
      originalityScore: issued.originalityScore,
      engineVersion: issued.engineVersion,
      catalogueVersion: issued.catalogueVersion,
      issuedAt: issued.issuedAt.toISOString(),
      ...(sha256 === undefined ? {} : { sha256Matches: sha256 === issued.sha256 }),
    };
  }

  async diff(caller: Caller | null, { uploadId, otherUploadId }: DiffRequest): Promise<VersionDiff> {
    if (!caller) throw DomainError.unauthenticated();
    if (uploadId === otherUploadId) throw DomainError.validation('Pick another upload to compare this one with.');
    const [current, earlier] = await Promise.all([
      this.completedRunOf(caller, uploadId),
      this.completedRunOf(caller, otherUploadId),
    ]);
    return diffVersions(versionOf(current), versionOf(earlier));
  }

  private async completedRunOf(caller: Caller, uploadId: string): Promise<CompletedRun> {
    const run = (await this.runs.latestCompleted(uploadId)) ?? (await this.runs.anyRun(uploadId));
    if (!run || run.userId !== caller.userId) throw DomainError.notFound('Upload not found.');
    if (run.status !== 'completed' || !run.results || run.processingMs === null || !run.finishedAt)
      throw DomainError.notFound('The analysis of this upload has not completed yet.');
    return run as CompletedRun;
  }
}

function versionOf(run: CompletedRun): DiffVersion {
  return {
    uploadId: run.uploadId,
    title: run.title,
    analysedAt: run.finishedAt.toISOString(),
    originalityScore: run.results.originalityScore,
    results: run.results,
  };
}
