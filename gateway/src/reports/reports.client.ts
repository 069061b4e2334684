import { Injectable } from '@nestjs/common';
import {
  type Caller,
  type DiffRequest,
  type IssueReportRequest,
  type IssuedReport,
  ReportSubjects,
  type ReportVerification,
  type VerifyReportRequest,
  type VersionDiff,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';

/** Rendering a PDF and, the first time, reading a 50 MB file for its SHA-256 take longer than a lookup. */
const ISSUE_TIMEOUT_MS = 60_000;

/** The analysis service behind reports, their verification and version diffs. */
@Injectable()
export class ReportsClient {
  constructor(private readonly rpc: RpcClient) {}

  issue(caller: Caller, request: IssueReportRequest): Promise<IssuedReport> {
    return this.rpc.request(ReportSubjects.issue, request, { caller }, { timeoutMs: ISSUE_TIMEOUT_MS });
  }

  verify(request: VerifyReportRequest): Promise<ReportVerification> {
    return this.rpc.request(ReportSubjects.verify, request, { caller: null });
  }

  diff(caller: Caller, request: DiffRequest): Promise<VersionDiff> {
    return this.rpc.request(ReportSubjects.diff, request, { caller });
  }
}
