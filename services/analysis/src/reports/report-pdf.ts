import {
  type AnalysisReport,
  DIMENSION_LABELS,
  keyDescription,
  tempoDescription,
  type DimensionMatch,
  type MatchDimension,
  type MatchedSegment,
  type TrackMatch,
} from '@originality/contracts';
import PDFDocument from 'pdfkit';

/** Colours of the matched regions, one per dimension (the same families as the results view). */
const DIMENSION_COLOURS: Record<MatchDimension, string> = {
  melody: '#d4380d',
  harmony: '#1d39c4',
  chordProgression: '#7cb305',
  rhythm: '#d48806',
  tempo: '#08979c',
  exactAudio: '#c41d7f',
};
const INK = '#1f1f1f';
const MUTED = '#595959';
const MARGIN = 50;
const WAVEFORM_HEIGHT = 60;
const LANE_LABEL_WIDTH = 90;
const LANE_HEIGHT = 7;
const LANE_STEP = 11;
const MATCH_SHADE = '#ffe7ba';

/**
 * The standard PDF fonts know only the Windows-1252 characters: the engine's minus sign and arrows are written
 * in their plain forms, anything else unknown as '?', so no glyph silently disappears.
 */
const PLAIN_FORMS: Record<string, string> = { '−': '-', '→': '->', '↔': '<->', '≈': '~', '♯': '#', '♭': 'b' };
const WINDOWS_1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const pdfSafe = (text: string) =>
  [...text].map((c) => PLAIN_FORMS[c] ?? (c.charCodeAt(0) <= 0xff || WINDOWS_1252_EXTRAS.has(c) ? c : '?')).join('');

/** 83.4 → '1:23'. */
const clock = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB (${bytes.toLocaleString('en-US')} bytes)`;
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `-${-n}` : '0');

/** How a transform reads: '+3 semitones, 0.94x tempo', or that none was needed. */
export function transformText({ transpositionSemitones: t, tempoRatio: r }: DimensionMatch['transform']): string {
  const pitch = t === 0 ? 'same key' : `${signed(t)} semitone${Math.abs(t) === 1 ? '' : 's'}`;
  const tempo = Math.abs(r - 1) < 0.005 ? 'same tempo' : `${r.toFixed(2)}x tempo`;
  return `${pitch}, ${tempo}`;
}

const passageText = (s: MatchedSegment) =>
  `your song ${clock(s.query.start)}-${clock(s.query.end)} sounds like ${clock(s.reference.start)}-${clock(s.reference.end)} of the published track`;

/** Renders the report as a PDF a person who never used the product can read. */
export function renderReportPdf(report: AnalysisReport, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: pdfSafe(`Originality report: ${report.song.title}`),
      Subject: `Verification id ${report.verification.id}`,
      Creator: 'Originality',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new ReportPages(doc, report).write();
  doc.end();
  return done;
}

/** The report's sections, top to bottom. */
class ReportPages {
  private readonly width: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly report: AnalysisReport,
  ) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  write(): void {
    this.title();
    this.song();
    this.score();
    this.subScores();
    this.waveform();
    this.matches();
    this.verification();
  }

  /** A paragraph; `indent` shifts every line of it, not only the first. */
  private text(text: string, { indent = 0 }: { indent?: number } = {}) {
    this.doc.text(pdfSafe(text), MARGIN + indent, this.doc.y, { width: this.width - indent });
    this.doc.x = MARGIN;
  }

  private heading(text: string) {
    this.ensureRoom(60);
    this.doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor(INK);
    this.text(text);
    this.doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(INK);
  }

  private ensureRoom(height: number) {
    if (this.doc.y + height > this.doc.page.height - MARGIN) this.doc.addPage();
  }

  private title() {
    const { song, engine } = this.report;
    this.doc.font('Helvetica-Bold').fontSize(22).fillColor(INK);
    this.text('Originality Report');
    this.doc.font('Helvetica').fontSize(13).fillColor(MUTED);
    this.text(song.title);
    this.doc.moveDown(0.6).fontSize(10).fillColor(INK);
    this.text(
      `This report says how much the song "${song.title}" resembles published music. The song was compared ` +
        `with ${engine.catalogueSize} reference tracks (catalogue version ${engine.catalogueVersion}) by the ` +
        `analysis engine ${engine.version}, dimension by dimension: melody, harmony, chord progression, rhythm, ` +
        `tempo and exact audio. Every figure below comes from that stored analysis.`,
    );
  }

  private rows(rows: [string, string][]) {
    const labelWidth = 130;
    for (const [label, value] of rows) {
      this.ensureRoom(16);
      const y = this.doc.y;
      this.doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED);
      this.doc.text(pdfSafe(label), MARGIN, y, { width: labelWidth });
      this.doc.font('Helvetica').fillColor(INK);
      this.doc.text(pdfSafe(value), MARGIN + labelWidth, y, { width: this.width - labelWidth });
      this.doc.x = MARGIN;
      this.doc.moveDown(0.2);
    }
  }

  private song() {
    const { song } = this.report;
    const tempo = tempoDescription(this.report) ?? 'no clear beat';
    const key = keyDescription({ ...this.report, keySignature: this.report.keySignature ?? undefined });
    this.heading('The song');
    this.rows([
      ['File', song.originalFilename],
      ['SHA-256', song.sha256],
      ['Size', megabytes(song.sizeBytes)],
      ['Duration', clock(song.durationSec)],
      ['Key and tempo', `${key ?? 'no clear key'}, ${tempo}`],
      ['Uploaded', utc(song.uploadedAt)],
      ['Analysed', `${utc(song.analysedAt)} (took ${(song.processingMs / 1000).toFixed(1)} s)`],
    ]);
    this.doc.moveDown(0.3).fillColor(MUTED);
    this.text('The SHA-256 is a fingerprint of the exact file that was analysed: any change to the file changes it.');
    this.doc.fillColor(INK);
  }

  private score() {
    const { originalityScore, verdict } = this.report;
    this.heading('Originality score');
    this.doc.font('Helvetica-Bold').fontSize(26);
    this.text(`${Math.round(originalityScore)}%  ${verdict}`);
    this.doc.font('Helvetica').fontSize(10).moveDown(0.3);
    this.text(
      'What the score means: 100% would mean nothing in the song resembles any reference track; the lower the ' +
        'score, the more of the song is close to published music. 80% or more reads as High Originality, 60% or ' +
        'more as Good Originality, lower as Moderate Originality. A low score is a reason to listen to the ' +
        'passages listed below, not a legal finding.',
    );
  }

  private subScores() {
    this.heading('Sub-scores');
    this.text('Each sub-score is how distinct the song is in one respect (100% = unlike anything in the catalogue).');
    this.doc.moveDown(0.4);
    const barX = MARGIN + 170;
    const barWidth = this.width - 220;
    for (const { label, value } of this.report.subScores) {
      this.ensureRoom(18);
      const y = this.doc.y;
      this.doc.font('Helvetica').fontSize(10).fillColor(INK).text(pdfSafe(label), MARGIN, y, { width: 160 });
      this.doc
        .rect(barX, y + 1, barWidth, 8)
        .fillColor('#f0f0f0')
        .fill();
      this.doc
        .rect(barX, y + 1, (barWidth * Math.max(0, Math.min(100, value))) / 100, 8)
        .fillColor('#595959')
        .fill();
      this.doc.fillColor(INK).text(`${Math.round(value)}%`, barX + barWidth + 8, y, { width: 40 });
      this.doc.x = MARGIN;
      this.doc.y = y + 16;
    }
  }

  /**
   * The song's loudness over time as vector bars, the matched time ranges shaded on it, and below it one lane per
   * dimension with that dimension's ranges in its colour (overlapping dimensions stay readable).
   */
  private waveform() {
    const { peaks, durationSec, regions } = this.report.waveform;
    this.heading('Where the matches are');
    this.text(
      'The shape below is the loudness of the song from start to end; shaded parts match a published track. ' +
        'The lanes under it show which dimension matches where.',
    );
    this.doc.moveDown(0.5);
    const dimensions = (Object.keys(DIMENSION_LABELS) as MatchDimension[]).filter((d) =>
      regions.some((r) => r.dimension === d),
    );
    this.ensureRoom(WAVEFORM_HEIGHT + 30 + dimensions.length * LANE_STEP);
    const top = this.doc.y;
    const plotX = MARGIN + LANE_LABEL_WIDTH;
    const plotWidth = this.width - LANE_LABEL_WIDTH;
    const xOf = (sec: number) => plotX + (plotWidth * Math.max(0, Math.min(durationSec, sec))) / (durationSec || 1);
    const widthOf = (start: number, end: number) => Math.max(1, xOf(end) - xOf(start));

    for (const region of regions)
      this.doc.rect(xOf(region.start), top, widthOf(region.start, region.end), WAVEFORM_HEIGHT);
    if (regions.length > 0) this.doc.fillColor(MATCH_SHADE).fill();
    const middle = top + WAVEFORM_HEIGHT / 2;
    const step = plotWidth / Math.max(1, peaks.length);
    peaks.forEach((peak, i) => {
      const half = Math.max(0.3, (peak * WAVEFORM_HEIGHT) / 2);
      this.doc.rect(plotX + i * step, middle - half, Math.max(0.5, step * 0.7), 2 * half);
    });
    if (peaks.length > 0) this.doc.fillColor('#434343').fill();
    this.doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    this.doc.text('Loudness', MARGIN, middle - 4, { width: LANE_LABEL_WIDTH - 6, lineBreak: false });

    let y = top + WAVEFORM_HEIGHT + 4;
    for (const dimension of dimensions) {
      this.doc
        .fillColor(INK)
        .text(DIMENSION_LABELS[dimension], MARGIN, y, { width: LANE_LABEL_WIDTH - 6, lineBreak: false });
      this.doc
        .rect(plotX, y + 1, plotWidth, LANE_HEIGHT)
        .fillColor('#f0f0f0')
        .fill();
      for (const region of regions.filter((r) => r.dimension === dimension))
        this.doc.rect(xOf(region.start), y + 1, widthOf(region.start, region.end), LANE_HEIGHT);
      this.doc.fillColor(DIMENSION_COLOURS[dimension]).fill();
      y += LANE_STEP;
    }
    this.doc.fillColor(MUTED).text('0:00', plotX, y, { width: 60, lineBreak: false });
    this.doc.text(clock(durationSec), plotX + plotWidth - 60, y, { width: 60, align: 'right', lineBreak: false });
    this.doc.x = MARGIN;
    this.doc.y = y + 14;
    this.doc.fontSize(10).fillColor(INK);
    if (dimensions.length === 0) this.text('No passage of the song matched a reference track.');
  }

  private matches() {
    const { matches } = this.report;
    this.heading('Similar published tracks');
    if (matches.length === 0) {
      this.text('The engine found no reference track that resembles this song.');
      return;
    }
    this.text(
      'Each track below resembles the song in at least one dimension. Similarity is 0-100%; 80% or more is a ' +
        'high match. A transform says how the published passage was changed to sound like the song (shifted in ' +
        'pitch by semitones, played faster or slower).',
    );
    matches.forEach((match, i) => this.match(match, i + 1));
  }

  private match(match: TrackMatch, n: number) {
    this.ensureRoom(70);
    this.doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).fillColor(INK);
    const where = [match.platform, match.releaseYear].filter(Boolean).join(', ');
    this.text(`${n}. "${match.title}" by ${match.artist}${where ? ` (${where})` : ''}: ${match.similarity}% similar`);
    this.doc.font('Helvetica').fontSize(10);
    // A dimension at 0% has nothing to explain: one line names them all.
    const unlike = match.dimensions.filter((d) => d.similarity <= 0).map((d) => DIMENSION_LABELS[d.dimension]);
    for (const dimension of match.dimensions.filter((d) => d.similarity > 0)) {
      this.ensureRoom(50);
      this.doc.moveDown(0.3).font('Helvetica-Bold');
      this.text(`${DIMENSION_LABELS[dimension.dimension]}: ${dimension.similarity}% similar`, { indent: 12 });
      this.doc.font('Helvetica');
      this.text(dimension.explanation, { indent: 12 });
      this.text(`Transform: ${transformText(dimension.transform)}.`, { indent: 12 });
      for (const segment of dimension.segments) this.text(`- ${passageText(segment)}`, { indent: 24 });
      if (dimension.chance)
        this.text(
          `Chance of a match this strong with an unrelated track: ${dimension.chance.perTrack.toPrecision(2)} ` +
            `(about ${dimension.chance.inCatalogue.toPrecision(2)} such tracks expected in the whole catalogue).`,
          { indent: 12 },
        );
    }
    if (unlike.length > 0) {
      this.doc.moveDown(0.3);
      this.text(`No resemblance in: ${unlike.join(', ').toLowerCase()}.`, { indent: 12 });
    }
  }

  private verification() {
    const { verification, song, originalityScore, engine } = this.report;
    this.heading('Verify this report');
    this.rows([
      ['Verification id', verification.id],
      ['Issued', utc(verification.issuedAt)],
    ]);
    this.doc.moveDown(0.4);
    this.text(
      `Anyone can check that this report was issued by the Originality server, without an account: open ` +
        `${verification.verifyUrl} in a browser. The answer repeats the SHA-256, the originality score ` +
        `(${originalityScore}%) and the engine version (${engine.version}) that were issued; they must equal ` +
        `the ones printed here. To check a file, compute its SHA-256 (sha256sum on Linux, shasum -a 256 on ` +
        `macOS, certutil -hashfile <file> SHA256 on Windows) and add ?sha256=<that value> to the address: ` +
        `the answer says whether the report was issued for that file (this one: ${song.sha256}).`,
    );
  }
}
