import { REPORT_FORMAT } from '@originality/contracts';
import { buildReport, type ReportInput } from './report-builder';
import { aDimension, aResult, aTrackMatch } from './report-fixtures';
import { pdfText } from './pdf-text';
import { renderReportPdf } from './report-pdf';

const SHA = 'a'.repeat(64);

function anInput(overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    verification: {
      id: '0123456789abcdef0123456789abcdef',
      issuedAt: new Date('2026-11-24T10:00:00Z'),
      verifyUrl: 'https://originality.example/api/reports/0123456789abcdef0123456789abcdef/verify',
    },
    upload: {
      uploadId: '11111111-1111-4111-8111-111111111111',
      title: 'Night Drive',
      originalFilename: 'Night Drive.mp3',
      uploadedAt: '2026-11-24T09:58:00.000Z',
    },
    file: { sha256: SHA, sizeBytes: 4_321_000, peaks: [0, 0.5, 1, 0.25] },
    analysis: { results: aResult(), analysedAt: new Date('2026-11-24T09:59:00Z'), processingMs: 2345 },
    ...overrides,
  };
}

describe('buildReport', () => {
  it('carries the file, times, versions, scores, every match and the waveform regions', () => {
    // A dimension at 0% carries the engine's best guess of a segment: not a matched region.
    const weaker = aTrackMatch({
      referenceId: 'ref-2',
      title: 'Second',
      similarity: 61,
      dimensions: [aDimension({ dimension: 'harmony', similarity: 0 })],
    });
    const report = buildReport(
      anInput({
        analysis: {
          results: aResult({ allMatches: [weaker, aTrackMatch()] }),
          analysedAt: new Date('2026-11-24T09:59:00Z'),
          processingMs: 2345,
        },
      }),
    );
    expect(report).toMatchObject({
      format: REPORT_FORMAT,
      verification: { id: '0123456789abcdef0123456789abcdef', issuedAt: '2026-11-24T10:00:00.000Z' },
      song: {
        title: 'Night Drive',
        sha256: SHA,
        sizeBytes: 4_321_000,
        durationSec: 183.2,
        uploadedAt: '2026-11-24T09:58:00.000Z',
        analysedAt: '2026-11-24T09:59:00.000Z',
        processingMs: 2345,
      },
      engine: { version: 'music-analysis/1.3.0', catalogueVersion: '17', catalogueSize: 210 },
      originalityScore: 42,
      verdict: 'Moderate Originality',
      keySignature: 'D minor',
    });
    expect(report.subScores.map((s) => [s.label, s.value])).toEqual([
      ['Melody Uniqueness', 30],
      ['Rhythm Pattern', 70],
      ['Harmonic Structure', 55],
      ['Chord Progression', 61],
      ['Tempo', 80],
      ['Lyrics Share', 12],
    ]);
    expect(report.matches.map((m) => m.title)).toEqual(['Blue Hour', 'Second']);
    expect(report.matches[0]!.dimensions[0]).toEqual(aDimension());
    expect(report.waveform).toEqual({
      peaks: [0, 0.5, 1, 0.25],
      durationSec: 183.2,
      regions: [{ start: 42, end: 65, dimension: 'melody', track: 'Blue Hour' }],
    });
  });
});

describe('renderReportPdf', () => {
  it('writes a PDF whose text a person can read: title, score meaning, sub-scores, matches, verification', async () => {
    const unlike = aDimension({ dimension: 'harmony', similarity: 0, explanation: 'Harmony: no match.' });
    const results = aResult({ allMatches: [aTrackMatch({ dimensions: [aDimension(), unlike] })] });
    const pdf = await renderReportPdf(buildReport(anInput({ analysis: { ...anInput().analysis, results } })), {
      compress: false,
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Originality Report',
      'Night Drive',
      'What the score means',
      '42%  Moderate Originality',
      'Melody Uniqueness',
      'Lyrics Share',
      '"Blue Hour" by Demo Ensemble',
      'Melody: 91% similar',
      'Transform: +3 semitones, 0.94x tempo.',
      'your song 0:42-1:05 sounds like 1:10-1:33 of the published track',
      'Verification id',
      '0123456789abcdef0123456789abcdef',
      'Verify this report',
      'No resemblance in: harmony.',
      SHA,
    ])
      expect(text.replace(/\n/g, ' ')).toContain(expected);
    expect(text).not.toContain('Harmony: no match.');
  });

  it('gives the key with its confidence and the relative key it could also be', async () => {
    const results = aResult({ keySignature: 'D minor', keyConfidence: 0.35, relativeKeyAmbiguity: 'F major' });
    const report = buildReport(anInput({ analysis: { ...anInput().analysis, results } }));
    expect(report).toMatchObject({ keySignature: 'D minor', keyConfidence: 0.35, relativeKeyAmbiguity: 'F major' });
    expect(pdfText(await renderReportPdf(report, { compress: false })).replace(/\n/g, ' ')).toContain(
      'D minor (confidence 35 %, or F major), 118 BPM',
    );
  });

  it('gives the tempo with the other metrical level it could be heard at', async () => {
    const results = aResult({ tempoBpm: 149.8, tempoAlternativeBpm: 74.9 });
    const report = buildReport(anInput({ analysis: { ...anInput().analysis, results } }));
    expect(report).toMatchObject({ tempoBpm: 149.8, tempoAlternativeBpm: 74.9 });
    expect(pdfText(await renderReportPdf(report, { compress: false })).replace(/\n/g, ' ')).toContain(
      '150 BPM (or 75 at half time)',
    );
  });

  it('says so when nothing matched, and compresses by default', async () => {
    const report = buildReport(anInput({ analysis: { ...anInput().analysis, results: aResult({ allMatches: [] }) } }));
    expect(pdfText(await renderReportPdf(report, { compress: false }))).toContain(
      'The engine found no reference track that resembles this song.',
    );
    expect((await renderReportPdf(report)).toString('latin1')).toContain('/FlateDecode');
  });

  it('gives a silent file the verdict that nothing was compared, not High Originality', async () => {
    const silent = aResult({ originalityScore: 100, allMatches: [], silent: true });
    const report = buildReport(anInput({ analysis: { ...anInput().analysis, results: silent } }));
    expect(report.verdict).toBe('Silent file: nothing compared');
    expect(pdfText(await renderReportPdf(report, { compress: false }))).toContain(
      '100%  Silent file: nothing compared',
    );
  });
});
