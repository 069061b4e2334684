import {
  type DiffRequest,
  type IssueReportRequest,
  type ReportFileFormat,
  SHA256_PATTERN,
  VERIFICATION_ID_PATTERN,
  type VerifyReportRequest,
} from '@originality/contracts';
import { IsIn, IsOptional, IsUUID, IsUrl, Matches } from 'class-validator';

export class IssueReportDto implements IssueReportRequest {
  @IsUUID('all', { message: 'uploadId must be an upload id (a UUID).' }) uploadId: string;
  @IsIn(['json', 'pdf'], { message: 'format must be json or pdf.' }) format: ReportFileFormat;
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'publicUrl must be an http(s) URL.' })
  publicUrl: string;
}

export class VerifyReportDto implements VerifyReportRequest {
  @Matches(VERIFICATION_ID_PATTERN, { message: 'A verification id is 32 hexadecimal digits.' })
  verificationId: string;
  @IsOptional()
  @Matches(SHA256_PATTERN, { message: 'sha256 must be 64 hexadecimal digits.' })
  sha256?: string;
}

export class DiffDto implements DiffRequest {
  @IsUUID('all', { message: 'uploadId must be an upload id (a UUID).' }) uploadId: string;
  @IsUUID('all', { message: 'otherUploadId must be an upload id (a UUID).' }) otherUploadId: string;
}
