import { IssuedReports } from './issued-reports';
import { REPORT_ENTITIES } from './report-entities';
import { ReportPlan } from './report-plan';
import { ReportsHandlers } from './reports.handlers';
import { ReportsService } from './reports.service';
import { SongDigestCleanup } from './song-digest-cleanup';
import { SongDigests } from './song-digests';

/** What the analysis module registers for reports: one place, so the module file changes by three lines. */
export const REPORTS_PART = {
  entities: REPORT_ENTITIES,
  controllers: [ReportsHandlers],
  providers: [ReportsService, ReportPlan, SongDigests, SongDigestCleanup, IssuedReports],
};
