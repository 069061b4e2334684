import type { DataSource } from 'typeorm';
import {
  type Caller,
  ErrorCode,
  REPORTS_NEED_PRO,
  type SubscriptionView,
  UploadSubjects,
} from '@originality/contracts';
import { DomainError, type RpcClient } from '@originality/platform';
import type { AnalysisRunEntity } from '../jobs/analysis-run.entity';
import type { AnalysisRuns } from '../jobs/analysis-runs';
import type { IssuedReports } from './issued-reports';
import type { IssuedReportEntity } from './report-entities';
import { aResult } from './report-fixtures';
import { ReportPlan } from './report-plan';
import { ReportsService } from './reports.service';
import type { SongDigests } from './song-digests';

const UPLOAD = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ann: Caller = { userId: 'dev:ann', email: 'ann@example.test', roles: ['user'], isSuperAdmin: false };
const bob: Caller = { ...ann, userId: 'dev:bob', email: 'bob@example.test' };

function aRun(overrides: Partial<AnalysisRunEntity> = {}): AnalysisRunEntity {
  return {
    analysisId: '33333333-3333-4333-8333-333333333333',
    uploadId: UPLOAD,
    userId: ann.userId,
    objectPath: 'uploads/dev:ann/x',
    title: 'Night Drive',
    status: 'completed',
    results: aResult(),
    failureReason: null,
    processingMs: 1200,
    createdAt: new Date('2026-11-24T09:58:00Z'),
    finishedAt: new Date('2026-11-24T09:59:00Z'),
    ...overrides,
  };
}

const plan = (tier: SubscriptionView['subscriptionTier'], status: SubscriptionView['subscriptionStatus']) => ({
  userId: ann.userId,
  subscriptionTier: tier,
  subscriptionStatus: status,
  subscriptionEndsAt: null,
  subscriptionPrice: null,
  scheduledTier: null,
});

function setUp({ runs = [aRun()], billing }: { runs?: AnalysisRunEntity[]; billing: () => Promise<unknown> }) {
  const find = (uploadId: string) => runs.find((r) => r.uploadId === uploadId) ?? null;
  const rpc = {
    request: jest.fn(async (subject: string) =>
      subject === UploadSubjects.get
        ? { originalFilename: 'Night Drive.mp3', createdAt: '2026-11-24T09:57:00.000Z' }
        : billing(),
    ),
  };
  const issued: IssuedReportEntity = {
    verificationId: 'ab'.repeat(16),
    analysisId: runs[0]!.analysisId,
    uploadId: UPLOAD,
    sha256: 'c'.repeat(64),
    originalityScore: 42,
    engineVersion: 'music-analysis/1.3.0',
    catalogueVersion: '17',
    issuedAt: new Date('2026-11-24T10:00:00Z'),
  };
  const issuedReports = { issueFor: jest.fn(async () => issued), find: jest.fn(async () => issued) };
  const digests = { of: jest.fn(async () => ({ sha256: 'c'.repeat(64), sizeBytes: 1000 })) };
  const dataSource = { manager: { findOneBy: jest.fn(async () => null) } };
  const service = new ReportsService(
    {
      latestCompleted: async (id: string) => find(id),
      anyRun: async (id: string) => find(id),
    } as unknown as AnalysisRuns,
    new ReportPlan(rpc as unknown as RpcClient),
    digests as unknown as SongDigests,
    issuedReports as unknown as IssuedReports,
    rpc as unknown as RpcClient,
    dataSource as unknown as DataSource,
  );
  return { service, rpc, digests, issuedReports };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: DomainError) => error.code,
  );

describe('ReportsService', () => {
  it('issues a Pro owner the JSON report with the verification link on the public address', async () => {
    const { service, digests } = setUp({ billing: async () => plan('monthly', 'active') });
    const issued = await service.issue(ann, { uploadId: UPLOAD, format: 'json', publicUrl: 'https://o.example/' });
    expect(issued).toMatchObject({ format: 'json', filename: 'originality-report-night-drive.json' });
    if (issued.format !== 'json') throw new Error('expected JSON');
    expect(issued.report.verification.verifyUrl).toBe(`https://o.example/api/reports/${'ab'.repeat(16)}/verify`);
    expect(issued.report.song).toMatchObject({
      originalFilename: 'Night Drive.mp3',
      uploadedAt: '2026-11-24T09:57:00.000Z',
    });
    expect(digests.of).toHaveBeenCalledWith(UPLOAD, 'uploads/dev:ann/x');
  });

  it('lets a cancelled plan still in its paid period download, as a PDF', async () => {
    const { service } = setUp({ billing: async () => plan('yearly', 'cancelled') });
    const issued = await service.issue(ann, { uploadId: UPLOAD, format: 'pdf', publicUrl: 'http://localhost:3000' });
    expect(issued.format === 'pdf' && Buffer.from(issued.pdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses Free and past-due plans with the upgrade message, before reading the file', async () => {
    for (const [tier, status] of [
      ['free', 'inactive'],
      ['monthly', 'past_due'],
    ] as const) {
      const { service, digests, issuedReports } = setUp({ billing: async () => plan(tier, status) });
      await expect(service.issue(ann, { uploadId: UPLOAD, format: 'json', publicUrl: 'http://x' })).rejects.toEqual(
        new DomainError(ErrorCode.FORBIDDEN, REPORTS_NEED_PRO),
      );
      expect(digests.of).not.toHaveBeenCalled();
      expect(issuedReports.issueFor).not.toHaveBeenCalled();
    }
  });

  it("answers another user's upload as not found without asking billing, and fails closed when billing is away", async () => {
    const away = setUp({ billing: async () => Promise.reject(new Error('no responders')) });
    expect(await codeOf(away.service.issue(bob, { uploadId: UPLOAD, format: 'json', publicUrl: 'http://x' }))).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect(away.rpc.request).not.toHaveBeenCalled();
    expect(await codeOf(away.service.issue(ann, { uploadId: UPLOAD, format: 'json', publicUrl: 'http://x' }))).toBe(
      ErrorCode.UNAVAILABLE,
    );
    const running = setUp({
      runs: [aRun({ status: 'analyzing', results: null })],
      billing: async () => plan('monthly', 'active'),
    });
    expect(await codeOf(running.service.issue(ann, { uploadId: UPLOAD, format: 'json', publicUrl: 'http://x' }))).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('verifies an issued report, and a file against it when a SHA-256 is given', async () => {
    const { service } = setUp({ billing: async () => plan('free', 'inactive') });
    const verification = await service.verify({ verificationId: 'ab'.repeat(16) });
    expect(verification).toEqual({
      verificationId: 'ab'.repeat(16),
      issued: true,
      sha256: 'c'.repeat(64),
      originalityScore: 42,
      engineVersion: 'music-analysis/1.3.0',
      catalogueVersion: '17',
      issuedAt: '2026-11-24T10:00:00.000Z',
    });
    expect(await service.verify({ verificationId: 'ab'.repeat(16), sha256: 'c'.repeat(64) })).toMatchObject({
      sha256Matches: true,
    });
    expect(await service.verify({ verificationId: 'ab'.repeat(16), sha256: 'd'.repeat(64) })).toMatchObject({
      sha256Matches: false,
    });
  });

  it('diffs two of the owner’s versions, refusing the same one twice and one of another user', async () => {
    const runs = [
      aRun(),
      aRun({ uploadId: OTHER, analysisId: '44444444-4444-4444-8444-444444444444', title: 'Take 1' }),
    ];
    const { service } = setUp({ runs, billing: async () => plan('free', 'inactive') });
    const diff = await service.diff(ann, { uploadId: UPLOAD, otherUploadId: OTHER });
    expect(diff.earlier).toMatchObject({ uploadId: OTHER, title: 'Take 1' });
    expect(await codeOf(service.diff(ann, { uploadId: UPLOAD, otherUploadId: UPLOAD }))).toBe(ErrorCode.VALIDATION);
    expect(await codeOf(service.diff(bob, { uploadId: UPLOAD, otherUploadId: OTHER }))).toBe(ErrorCode.NOT_FOUND);
  });
});
