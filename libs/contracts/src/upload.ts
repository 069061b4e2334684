import type { AnalysisResults, AnalysisStage } from './analysis';

/** Spec §3 Upload analysisStatus. */
export const ANALYSIS_STATUSES = ['pending', 'analyzing', 'completed', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** Spec §5 and §9 upload rules, enforced by the upload service (the browser only pre-checks them). */
export const UPLOAD_RULES = {
  maxBytes: 52_428_800,
  mimeTypes: ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/x-wav'],
  /** How long a presigned PUT URL stays valid. */
  presignSeconds: 600,
  freeMonthlyAnalyses: 10,
  /** Spec §9: a max of 999999 means unlimited. */
  unlimited: 999_999,
  historyPageSize: 10,
  /** How many uploads the admin's recent-uploads list shows. */
  recentLimit: 100,
} as const;

/** Spec §3 Upload as the gateway returns it. */
export interface UploadView {
  id: string;
  filename: string;
  originalFilename: string;
  fileSize: number;
  mimeType: string;
  objectPath: string;
  duration: number | null;
  createdAt: string;
  analysisStatus: AnalysisStatus;
  originalityScore: number | null;
  /** Number of similar tracks the stored analysis found (for the history's match count). */
  matchCount: number | null;
  /** A reason a person can read when analysisStatus is failed. */
  failureReason: string | null;
  /** Admin lists only. */
  userEmail?: string | null;
}

/** POST /api/audio/upload answer. */
export interface UploadUrlReply {
  uploadURL: string;
  objectPath: string;
}

/** POST /api/audio/create body (spec §7). */
export interface CreateUploadRequest {
  filename: string;
  originalFilename: string;
  fileSize: number;
  mimeType: string;
  objectPath: string;
  duration: number | null;
}

/** GET /api/usage. */
export interface Usage {
  current: number;
  max: number;
}

/** GET /api/audio/uploads: newest first; pass `nextCursor` back as `?cursor=` for the next page. */
export interface UploadPage {
  uploads: UploadView[];
  nextCursor: string | null;
  total: number;
}

/** GET /api/audio/uploads/{id}/result. */
export interface AnalysisResultView extends AnalysisResults {
  uploadId: string;
  title: string;
  analysedAt: string;
  /** Measured wall time of this analysis, in ms. */
  processingMs: number;
}

/** Totals the gateway composes into GET /api/auth/user. */
export interface UploadTotals {
  totalUploadsCount: number;
  uploadedSongTitles: string[];
}

/** `billing.entitlements.get` request: whose limit. */
export interface EntitlementRequest {
  userId: string;
}

/** The monthly analysis limit of a user; billing answers it, the upload service enforces it. */
export interface Entitlement {
  monthlyAnalyses: number;
}

export const UploadSubjects = {
  requestUploadUrl: 'upload.uploads.presign',
  create: 'upload.uploads.create',
  list: 'upload.uploads.list',
  get: 'upload.uploads.get',
  remove: 'upload.uploads.delete',
  reanalyze: 'upload.uploads.reanalyze',
  usage: 'upload.usage.get',
  totals: 'upload.totals.get',
  /** Admin: the newest uploads of all users, with their e-mails. */
  recent: 'upload.uploads.recent',
} as const;

/** `analysis.results.get` request: the upload whose latest result the caller wants. */
export interface GetAnalysisResultRequest {
  uploadId: string;
}

export const AnalysisSubjects = {
  /** Owner-checked result of an upload's latest analysis. */
  getResult: 'analysis.results.get',
} as const;

export const BillingSubjects = {
  entitlement: 'billing.entitlements.get',
} as const;

export const UploadEvents = {
  created: 'events.upload.upload.created',
  reanalysisRequested: 'events.upload.upload.reanalysis-requested',
  deleted: 'events.upload.upload.deleted',
} as const;

export const AnalysisEvents = {
  started: 'events.analysis.analysis.started',
  completed: 'events.analysis.analysis.completed',
  failed: 'events.analysis.analysis.failed',
} as const;

/** upload.created and upload.reanalysis-requested: what the analysis service needs to run a job. */
export interface UploadCreatedEvent {
  uploadId: string;
  /** Distinct per analysis run of the upload (a reanalysis gets a new one). */
  analysisId: string;
  userId: string;
  userEmail: string | null;
  objectPath: string;
  originalFilename: string;
  mimeType: string;
  fileSize: number;
  createdAt: string;
}

export interface UploadDeletedEvent {
  uploadId: string;
  userId: string;
  objectPath: string;
  deletedBy: string;
}

export interface AnalysisStartedEvent {
  uploadId: string;
  analysisId: string;
  userId: string;
  startedAt: string;
}

export interface AnalysisCompletedEvent {
  uploadId: string;
  analysisId: string;
  userId: string;
  originalityScore: number;
  /** Similar tracks at or above the spec's 'high match' line count for the history's match count. */
  matchCount: number;
  similarTracksFound: number;
  durationSec: number;
  processingMs: number;
  completedAt: string;
}

export interface AnalysisFailedEvent {
  uploadId: string;
  analysisId: string;
  userId: string;
  reason: string;
  failedAt: string;
}

/**
 * Live progress (core NATS, ephemeral, not the outbox): published by the worker on
 * `progressSubject(uploadId)`; the gateway relays it to the owner's browser as Server-Sent Events.
 */
export const progressSubject = (uploadId: string) => `progress.analysis.${uploadId}` as const;

export interface AnalysisProgress {
  uploadId: string;
  analysisId: string;
  stage: AnalysisStage;
  /** 0–100; the worker's own measure of how far the job is. */
  percent: number;
  status: AnalysisStatus;
  /** Set when status is failed. */
  reason?: string;
}
