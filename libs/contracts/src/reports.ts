import type { AnalysisResults, MatchDimension, MatchedSegment, TrackMatch } from './analysis';
import type { SubscriptionStatus, SubscriptionTier } from './identity';

/** The sub-scores of spec §3, in the order reports and diffs list them, with the words they show. */
export const SUB_SCORES = [
  { field: 'melodyUniqueness', label: 'Melody Uniqueness' },
  { field: 'rhythmPattern', label: 'Rhythm Pattern' },
  { field: 'harmonicStructure', label: 'Harmonic Structure' },
  { field: 'chordProgressionUniqueness', label: 'Chord Progression' },
  { field: 'tempoAnalysis', label: 'Tempo' },
  { field: 'lyricsPercentage', label: 'Lyrics Share' },
] as const satisfies readonly { field: keyof AnalysisResults; label: string }[];
export type SubScoreField = (typeof SUB_SCORES)[number]['field'];

/** How original a result reads (spec §9), or 'silent' when nothing was compared. */
export type OriginalityLevel = 'high' | 'good' | 'moderate' | 'silent';

/**
 * Spec §9: at least 80 is high, at least 60 good, otherwise moderate. A silent file (AnalysisResults.silent) reads
 * 100 % but nothing was compared, and 'high' would be a verdict about no music, so its level is 'silent'.
 */
export function originalityLevel(score: number, silent = false): OriginalityLevel {
  if (silent) return 'silent';
  if (score >= 80) return 'high';
  if (score >= 60) return 'good';
  return 'moderate';
}

const VERDICTS: Record<OriginalityLevel, string> = {
  high: 'High Originality',
  good: 'Good Originality',
  moderate: 'Moderate Originality',
  silent: 'Silent file: nothing compared',
};

/** The spec §9 verdict in words: 'High Originality', 'Good Originality', 'Moderate Originality' (see originalityLevel). */
export function originalityVerdict(score: number, silent = false): string {
  return VERDICTS[originalityLevel(score, silent)];
}

/** How the engine's dimensions read in plain words. */
export const DIMENSION_LABELS: Record<MatchDimension, string> = {
  melody: 'Melody',
  harmony: 'Harmony',
  chordProgression: 'Chord progression',
  rhythm: 'Rhythm',
  tempo: 'Tempo',
  exactAudio: 'Exact audio',
};

/**
 * Spec plan list: 'similarity reports' and 'export' are Pro. Pro is a paid tier that is active, or
 * cancelled while the paid period runs (billing already answers an ended one as Free and inactive).
 */
export const canDownloadReports = (plan: {
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
}) =>
  plan.subscriptionTier !== 'free' && (plan.subscriptionStatus === 'active' || plan.subscriptionStatus === 'cancelled');

/** The message a Free user gets for a report download (403). */
export const REPORTS_NEED_PRO = 'Reports are a Pro feature. Upgrade to Pro to download JSON and PDF reports.';

/** A verification id: 128 random bits as 32 lowercase hex digits. */
export const VERIFICATION_ID_PATTERN = /^[0-9a-f]{32}$/;
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/** The path anyone can open to check a report (no sign-in). */
export const verifyPath = (verificationId: string) => `/api/reports/${verificationId}/verify`;

export const REPORT_FORMAT = 'originality-report/1';
export type ReportFileFormat = 'json' | 'pdf';

/** A matched time range of the upload drawn on the report's waveform. */
export interface WaveformRegion {
  start: number;
  end: number;
  dimension: MatchDimension;
  /** The similar track the region matches (its title). */
  track: string;
}

/** GET /api/audio/uploads/{id}/report.json: everything the PDF shows, as data. */
export interface AnalysisReport {
  format: typeof REPORT_FORMAT;
  verification: {
    id: string;
    issuedAt: string;
    /** The public address on the issuing server that confirms the report. */
    verifyUrl: string;
  };
  song: {
    uploadId: string;
    title: string;
    originalFilename: string;
    /** SHA-256 of the stored file's bytes, lowercase hex. */
    sha256: string;
    sizeBytes: number;
    durationSec: number;
    uploadedAt: string;
    analysedAt: string;
    processingMs: number;
  };
  engine: { version: string; catalogueVersion: string; catalogueSize: number };
  originalityScore: number;
  /** 'High Originality', 'Good Originality' or 'Moderate Originality' (spec §9). */
  verdict: string;
  subScores: { field: SubScoreField; label: string; value: number }[];
  keySignature: string | null;
  /** 0–1, see AnalysisResults.keyConfidence; absent on results analysed before it existed. */
  keyConfidence?: number;
  /** See AnalysisResults.relativeKeyAmbiguity. */
  relativeKeyAmbiguity?: string;
  tempoBpm: number;
  /** See AnalysisResults.tempoAlternativeBpm. */
  tempoAlternativeBpm?: number;
  matches: TrackMatch[];
  /** Coarse peak levels (0–1) over the whole song, and the matched ranges drawn on them. */
  waveform: { peaks: number[]; durationSec: number; regions: WaveformRegion[] };
}

/** GET /api/reports/{id}/verify: nothing personal, only what a distributor compares. */
export interface ReportVerification {
  verificationId: string;
  issued: true;
  sha256: string;
  originalityScore: number;
  engineVersion: string;
  catalogueVersion: string;
  issuedAt: string;
  /** Present when `?sha256=` was given: whether the report was issued for that file. */
  sha256Matches?: boolean;
}

/** `analysis.reports.issue` request. */
export interface IssueReportRequest {
  uploadId: string;
  format: ReportFileFormat;
  /** The site's public address (the gateway's setting), for the verification link printed in the report. */
  publicUrl: string;
}

/** `analysis.reports.issue` reply: the JSON report, or the PDF's bytes in base64 (NATS carries JSON). */
export type IssuedReport =
  { format: 'json'; filename: string; report: AnalysisReport } | { format: 'pdf'; filename: string; pdfBase64: string };

/** `analysis.reports.verify` request. */
export interface VerifyReportRequest {
  verificationId: string;
  sha256?: string;
}

/** `analysis.results.diff` request: the caller's upload and an earlier one of theirs. */
export interface DiffRequest {
  uploadId: string;
  otherUploadId: string;
}

/** How one score moved between the earlier and the current version. */
export interface ScoreMove {
  field: 'originalityScore' | SubScoreField;
  label: string;
  before: number;
  after: number;
  change: number;
}

/** A matched passage (of one dimension of one track) in the earlier version, the current one, or both. */
export interface PassageChange {
  fate: 'remains' | 'disappeared' | 'new';
  before: MatchedSegment | null;
  after: MatchedSegment | null;
}

export interface DimensionMove {
  dimension: MatchDimension;
  /** Null where the version has no match in this dimension. */
  before: number | null;
  after: number | null;
  passages: PassageChange[];
}

export interface TrackMove {
  referenceId: string;
  title: string;
  artist: string;
  /** 'gone': matched before, not any more; 'new': matched only now. */
  status: 'remains' | 'gone' | 'new';
  before: number | null;
  after: number | null;
  dimensions: DimensionMove[];
}

/** The version summary a diff names. */
export interface DiffSide {
  uploadId: string;
  title: string;
  analysedAt: string;
  originalityScore: number;
}

/** GET /api/audio/uploads/{id}/diff/{otherId}. */
export interface VersionDiff {
  current: DiffSide;
  earlier: DiffSide;
  scores: ScoreMove[];
  tracks: TrackMove[];
}

export const ReportSubjects = {
  issue: 'analysis.reports.issue',
  verify: 'analysis.reports.verify',
  diff: 'analysis.results.diff',
} as const;
