import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  type AnalysisReport,
  type Caller,
  type ReportFileFormat,
  type ReportVerification,
  VERIFICATION_ID_PATTERN,
  type VersionDiff,
} from '@originality/contracts';
import { DomainError } from '@originality/platform';
import type { Response } from 'express';
import { CurrentCaller, RequireSignIn } from '../access/access.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { UploadIdPipe } from '../uploads/upload-id.pipe';
import { ReportsClient } from './reports.client';
import { VerifyQueryDto } from './reports.dto';

const attachment = (filename: string) => `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`;

/** Reports of the caller's uploads (Pro), their public verification, and the diff of two versions. */
@ApiTags('reports')
@Controller('api')
export class ReportsController {
  constructor(
    private readonly reports: ReportsClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('audio/uploads/:id/report.json')
  @RequireSignIn()
  @ApiOkResponse({ description: 'AnalysisReport, as a download.' })
  @ApiUnauthorizedResponse({ description: 'Signed out.' })
  @ApiForbiddenResponse({ description: 'Free plan: reports are a Pro feature.' })
  @ApiNotFoundResponse({ description: "Not the caller's upload, or its analysis has not completed." })
  async json(
    @CurrentCaller() caller: Caller,
    @Param('id', UploadIdPipe) id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AnalysisReport> {
    const issued = await this.issue(caller, id, 'json');
    if (issued.format !== 'json') throw DomainError.internal();
    res.setHeader('Content-Disposition', attachment(issued.filename));
    return issued.report;
  }

  @Get('audio/uploads/:id/report.pdf')
  @RequireSignIn()
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The report as a PDF, as a download.' })
  @ApiForbiddenResponse({ description: 'Free plan: reports are a Pro feature.' })
  async pdf(
    @CurrentCaller() caller: Caller,
    @Param('id', UploadIdPipe) id: string,
    @Res() res: Response,
  ): Promise<void> {
    const issued = await this.issue(caller, id, 'pdf');
    if (issued.format !== 'pdf') throw DomainError.internal();
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', attachment(issued.filename));
    res.send(Buffer.from(issued.pdfBase64, 'base64'));
  }

  /** Public, no sign-in: whether this server issued the report (and, with ?sha256=, for that file). */
  @Get('reports/:verificationId/verify')
  @ApiOkResponse({ description: 'ReportVerification: SHA-256, score, engine version, issue date.' })
  @ApiBadRequestResponse({ description: 'Not a verification id, or a malformed sha256.' })
  @ApiNotFoundResponse({ description: 'No report with this id was issued here.' })
  verify(@Param('verificationId') verificationId: string, @Query() query: VerifyQueryDto): Promise<ReportVerification> {
    if (!VERIFICATION_ID_PATTERN.test(verificationId))
      throw DomainError.validation('A verification id is 32 hexadecimal digits (0-9, a-f).');
    return this.reports.verify({ verificationId, sha256: query.sha256?.toLowerCase() });
  }

  @Get('audio/uploads/:id/diff/:otherId')
  @RequireSignIn()
  @ApiOkResponse({ description: 'VersionDiff: how each score, track and matched passage moved.' })
  @ApiNotFoundResponse({ description: "Either upload is not the caller's, or has no completed analysis." })
  diff(
    @CurrentCaller() caller: Caller,
    @Param('id', UploadIdPipe) id: string,
    @Param('otherId', UploadIdPipe) otherId: string,
  ): Promise<VersionDiff> {
    return this.reports.diff(caller, { uploadId: id, otherUploadId: otherId });
  }

  private issue(caller: Caller, uploadId: string, format: ReportFileFormat) {
    return this.reports.issue(caller, { uploadId, format, publicUrl: this.config.PUBLIC_URL });
  }
}
