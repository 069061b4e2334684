/**
 * `npm run -s analysis -- eval`: prints the engine evaluation. Without --source it runs the original harness on
 * the main composer's catalogue (exits 1 when a target is missed); with --source it runs case sources on one split
 * and prints their per-source tables (see USAGE).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatEvalTable, runEvaluation } from './harness';
import { runSource } from './source-eval';
import type { SourceReport } from './source-eval';
import { formatSourceReport, formatSummary, kindRows } from './source-report';
import { SOURCES } from './sources/all';
import { SOURCE_NAMES, SPLITS } from './sources/source';
import type { SourceName, SourceSize, Split } from './sources/source';

const USAGE = `Usage: npm run -s analysis -- eval [--size small|full] [--out DIR] [--seed S]
       npm run -s analysis -- eval --source own|second-synth|gm|effects|recordings|recordings-2|recordings-3|arrangements|all[,...] [--split tuning|held-out]
                                   [--size small|full] [--out DIR]

Without --source: the original evaluation on the main composer's demo catalogue (exit 1 when a target is missed).

--source  case sources, each with its own catalogue and per-source tables:
            own           the repo's composer and synthesiser (tools/eval/cases.ts)
            second-synth  an independent additive synthesiser (tools/eval/second-synth)
            gm            public-domain tunes and scores rendered by fluidsynth with a General MIDI soundfont
            effects       the gm recordings through ffmpeg effects chains, pitch/speed changes and samples
            recordings    produced tracks by other composers (Debian singularity-music, asc-music, hyperrogue-music,
                          wesnoth-1.16-music), the same changes as effects
            recordings-2  a second set, added untuned: rock songs, an adventure game's and Warzone 2100's scores
                          (Debian fretsonfire-songs-muldjord, fretsonfire-songs-sectoid, drascula-music,
                          warzone2100-music), the same changes
            recordings-3  a third set, added untuned: Hedgewars', LinCity-NG's and Extreme Tux Racer's music (Debian
                          hedgewars-data, lincity-ng-data, extremetuxracer-data), the same changes
            arrangements  full GM arrangements by other composers (Debian openttd-openmsx, planetblupi-music-midi):
                          covers on other instruments, transposed, at another tempo, through another soundfont
          A source whose tools or files are missing (fluidsynth, the soundfont, the Debian recordings) is skipped
          with a message.
--split   tuning (default): the cases to measure engine work on.
          held-out: about a third of each source's pieces, NEVER run while tuning the engine; run it only at
          the end of a piece of work, to check that the tuning figures carry over.
--size    small (default: a few cases of each kind) or full (the published figures).
--out     also write each report as JSON and Markdown into DIR.

Exits 1 when a published target is missed (the tables say which), 2 on bad options.

Rendered audio is cached in ORIGINALITY_EVAL_CACHE (default: <tmp>/originality-eval-cache), so reruns are fast.
`;

class UsageError extends Error {}

function oneOf<T extends string>(option: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T))
    throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, not "${value}"`);
  return value as T;
}

function parseSources(text: string): SourceName[] {
  const names = text === 'all' ? [...SOURCE_NAMES] : text.split(',');
  for (const name of names)
    if (!SOURCE_NAMES.includes(name as SourceName))
      throw new UsageError(`--source must be all or one of ${SOURCE_NAMES.join(', ')}, not "${name}"`);
  return names as SourceName[];
}

async function runSources(names: SourceName[], split: Split, size: SourceSize, outDir?: string): Promise<boolean> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const reports: SourceReport[] = [];
  for (const name of names) {
    const source = SOURCES[name];
    const missing = source.unavailable();
    if (missing) {
      console.log(`Skipped source ${name}: ${missing}.\n`);
      continue;
    }
    const report = await runSource(source, split, size, log);
    reports.push(report);
    console.log(`${formatSourceReport(report)}\n`);
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      const base = join(outDir, `eval-${name}-${split}-${size}`);
      writeFileSync(`${base}.json`, JSON.stringify(report, null, 2) + '\n');
      writeFileSync(`${base}.md`, formatSourceReport(report) + '\n');
    }
  }
  if (reports.length > 1) console.log(`### Summary (${split} split)\n\n${formatSummary(reports)}\n`);
  return reports.every((r) => kindRows(r.cases).every((row) => row.pass));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      size: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
      source: { type: 'string' },
      split: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const size = oneOf('size', values.size, ['small', 'full'] as const, 'small');
  if (values.source === undefined) {
    if (values.split !== undefined) throw new UsageError('--split needs --source');
    const report = await runEvaluation({
      size,
      outDir: values.out,
      seed: values.seed,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    console.log(formatEvalTable(report));
    if (!report.passed) process.exitCode = 1;
    return;
  }
  if (values.seed !== undefined) throw new UsageError('--seed applies to the original evaluation only');
  const split = oneOf('split', values.split, SPLITS, 'tuning');
  const passed = await runSources(parseSources(values.source), split, size, values.out);
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(error instanceof Error ? error.message : error);
  if (usage) console.error('Run with --help for usage.');
  process.exitCode = usage ? 2 : 1;
});
