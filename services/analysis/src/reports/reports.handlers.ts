import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  type Caller,
  type IssuedReport,
  ReportSubjects,
  type ReportVerification,
  type VersionDiff,
} from '@originality/contracts';
import { EnvelopeCaller, EnvelopeData } from '@originality/platform';
import { DiffDto, IssueReportDto, VerifyReportDto } from './reports.dto';
import { ReportsService } from './reports.service';

/** NATS edge of reports, their verification and version diffs: validate the envelope, call one method. */
@Controller()
export class ReportsHandlers {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(ReportSubjects.issue)
  issue(
    @EnvelopeData(IssueReportDto) data: IssueReportDto,
    @EnvelopeCaller() caller: Caller | null,
  ): Promise<IssuedReport> {
    return this.reports.issue(caller, data);
  }

  @MessagePattern(ReportSubjects.verify)
  verify(@EnvelopeData(VerifyReportDto) data: VerifyReportDto): Promise<ReportVerification> {
    return this.reports.verify(data);
  }

  @MessagePattern(ReportSubjects.diff)
  diff(@EnvelopeData(DiffDto) data: DiffDto, @EnvelopeCaller() caller: Caller | null): Promise<VersionDiff> {
    return this.reports.diff(caller, data);
  }
}
