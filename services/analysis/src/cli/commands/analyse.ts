import { basename } from 'node:path';
import { isShortClip, SHORT_CLIP_SECONDS, tempoDescription, type AnalysisResults } from '@originality/contracts';
import { analyseFile, isAudioDecodeError, type CatalogueIndex } from '@originality/music-analysis';
import { openCatalogue } from '../catalogue-context';
import { progressBar } from '../progress';

/** One line of `analyse --json`: the results with the file, or the file's error. */
export type AnalyseLine =
  (AnalysisResults & { file: string }) | { file: string; error: { code: string; message: string } };

/** Analyses each file against the catalogue in Postgres; exit status 1 when any file failed. */
export async function analyse(files: string[], json: boolean, out: (line: string) => void): Promise<number> {
  const context = await openCatalogue();
  let failures = 0;
  try {
    const index = await context.catalogue.loadIndex();
    const stale = context.catalogue.staleTracksNotice();
    if (stale) process.stderr.write(`warning: ${stale}\n`);
    for (const file of files) {
      const line = await analyseOne(file, index);
      if ('error' in line) failures++;
      if (json) out(JSON.stringify(line));
      else out(readable(line));
    }
  } finally {
    await context.close();
  }
  return failures > 0 ? 1 : 0;
}

async function analyseOne(file: string, index: CatalogueIndex): Promise<AnalyseLine> {
  const bar = progressBar();
  try {
    const results = await analyseFile(file, index, {
      onProgress: (stage) => bar.update(stageNumber(stage), 5, `${basename(file)}: ${stage}`),
    });
    return { file, ...results };
  } catch (error) {
    return { file, error: errorOf(error) };
  } finally {
    bar.finish();
  }
}

const STAGES = [
  'initializing',
  'extracting audio features',
  'analyzing melody patterns',
  'comparing with database',
  'calculating originality score',
];
const stageNumber = (stage: string) => STAGES.indexOf(stage) + 1;

/** The error part of a JSON line: the engine's decode codes pass through; missing files are named as such. */
export function errorOf(error: unknown): { code: string; message: string } {
  if (isAudioDecodeError(error)) return { code: error.code, message: error.message };
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return { code: 'FILE_NOT_FOUND', message: 'The file does not exist.' };
  if (code === 'EISDIR') return { code: 'NOT_A_FILE', message: 'The path is a directory, not an audio file.' };
  if (code === 'EACCES') return { code: 'FILE_NOT_READABLE', message: 'The file cannot be read (permission denied).' };
  return { code: 'ANALYSIS_FAILED', message: (error as Error).message ?? String(error) };
}

/** The human-readable form: scores, key and tempo, and the closest catalogue tracks. */
export function readable(line: AnalyseLine): string {
  if ('error' in line) return `${line.file}: error ${line.error.code}: ${line.error.message}`;
  const lines = [
    `${line.file}`,
    `  originality ${line.originalityScore}%  (melody ${line.melodyUniqueness}, rhythm ${line.rhythmPattern}, harmony ${line.harmonicStructure}, ` +
      `chords ${line.chordProgressionUniqueness}, tempo ${line.tempoAnalysis}, lyrics ${line.lyricsPercentage}%)`,
    `  ${keyText(line)}, ${tempoText(line)}, ${line.durationSec.toFixed(1)} s; ` +
      `catalogue of ${line.catalogue.size} tracks`,
  ];
  if (line.silent) lines.push('  the file is silent: nothing was compared');
  if (isShortClip(line))
    lines.push(`  the clip is shorter than ${SHORT_CLIP_SECONDS} s: a copy this short is often missed`);
  if (line.allMatches.length === 0) lines.push('  no similar tracks');
  for (const match of line.allMatches.slice(0, 5)) {
    lines.push(`  ${String(match.similarity).padStart(3)}%  ${match.title} — ${match.artist}`);
    for (const dimension of [...match.dimensions].sort((a, b) => b.similarity - a.similarity).slice(0, 3))
      lines.push(`        ${dimension.explanation}`);
  }
  return lines.join('\n');
}

/**
 * The tempo as read, with the other metrical level it could be heard at ("146.2 BPM (or 73.1 at half time)"), or
 * 'tempo unknown' where no beat was found (the engine reports 0: silence, a very short clip, a drone).
 */
function tempoText(results: AnalysisResults): string {
  return tempoDescription(results, 1) ?? 'tempo unknown';
}

/** "C major (confidence 0.85, or A minor)": the key with how sure the engine is of it. */
function keyText(results: AnalysisResults): string {
  if (!results.keySignature) return 'key unknown';
  const notes = [
    ...(results.keyConfidence !== undefined ? [`confidence ${results.keyConfidence.toFixed(2)}`] : []),
    ...(results.relativeKeyAmbiguity ? [`or ${results.relativeKeyAmbiguity}`] : []),
  ];
  return notes.length ? `${results.keySignature} (${notes.join(', ')})` : results.keySignature;
}
