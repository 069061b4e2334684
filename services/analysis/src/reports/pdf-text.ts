/**
 * The text drawn in an uncompressed PDF written by pdfkit (test helper): pdfkit writes each line as a TJ array of
 * hex strings with kerning numbers between them; this joins the strings of every array, one line each.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines = [...source.matchAll(/\[([^\]]*)\]\s*TJ/g)].map(([, array]) =>
    [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1')).join(''),
  );
  return lines.join('\n');
}
