import {
  type AnalysisReport,
  type AnalysisResults,
  REPORT_FORMAT,
  SUB_SCORES,
  type TrackMatch,
  type WaveformRegion,
  originalityVerdict,
} from '@originality/contracts';

/** Everything a report is made of, each part from where it is stored. */
export interface ReportInput {
  verification: { id: string; issuedAt: Date; verifyUrl: string };
  upload: { uploadId: string; title: string; originalFilename: string; uploadedAt: string };
  file: { sha256: string; sizeBytes: number; peaks: number[] };
  analysis: { results: AnalysisResults; analysedAt: Date; processingMs: number };
}

/** The report as data (the JSON download, and what the PDF draws): a pure mapping of the stored facts. */
export function buildReport({ verification, upload, file, analysis }: ReportInput): AnalysisReport {
  const { results } = analysis;
  const matches = [...results.allMatches].sort((a, b) => b.similarity - a.similarity);
  return {
    format: REPORT_FORMAT,
    verification: {
      id: verification.id,
      issuedAt: verification.issuedAt.toISOString(),
      verifyUrl: verification.verifyUrl,
    },
    song: {
      uploadId: upload.uploadId,
      title: upload.title,
      originalFilename: upload.originalFilename,
      sha256: file.sha256,
      sizeBytes: file.sizeBytes,
      durationSec: results.durationSec,
      uploadedAt: upload.uploadedAt,
      analysedAt: analysis.analysedAt.toISOString(),
      processingMs: analysis.processingMs,
    },
    engine: {
      version: results.engineVersion,
      catalogueVersion: results.catalogue.version,
      catalogueSize: results.catalogue.size,
    },
    originalityScore: results.originalityScore,
    verdict: originalityVerdict(results.originalityScore, results.silent),
    subScores: SUB_SCORES.map(({ field, label }) => ({ field, label, value: results[field] })),
    keySignature: results.keySignature ?? null,
    ...(results.keyConfidence !== undefined && { keyConfidence: results.keyConfidence }),
    ...(results.relativeKeyAmbiguity && { relativeKeyAmbiguity: results.relativeKeyAmbiguity }),
    tempoBpm: results.tempoBpm,
    ...(results.tempoAlternativeBpm !== undefined && { tempoAlternativeBpm: results.tempoAlternativeBpm }),
    matches,
    waveform: { peaks: file.peaks, durationSec: results.durationSec, regions: regionsOf(matches) },
  };
}

/** Every matched range of the upload, for each track and each dimension that resembles it at all. */
function regionsOf(matches: TrackMatch[]): WaveformRegion[] {
  return matches.flatMap((match) =>
    match.dimensions
      .filter((dimension) => dimension.similarity > 0)
      .flatMap((dimension) =>
        dimension.segments.map((segment) => ({
          start: segment.query.start,
          end: segment.query.end,
          dimension: dimension.dimension,
          track: match.title,
        })),
      ),
  );
}
