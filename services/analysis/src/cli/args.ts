import { parseArgs } from 'node:util';

/** What the command line asked for, checked once so each command receives valid input. */
export type CliCommand =
  | { name: 'help' }
  | { name: 'catalog-import'; manifest: string }
  | { name: 'catalog-demo'; count: number | null }
  | { name: 'catalog-export'; file: string }
  | { name: 'analyse'; files: string[]; json: boolean };

/** Bad command-line input; the CLI prints the message and the usage hint, then exits with status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: npm run -s analysis -- <command> [options]

Commands:
  catalog import <manifest.json>    Import reference tracks listed in a manifest (idempotent).
  catalog demo [--count N]          Generate the demo catalogue and import it (quick when already imported).
  catalog export <file>             Write the catalogue's current tracks to a snapshot file (for the benchmarks).
  analyse <file>... [--json]        Analyse audio files against the catalogue; --json prints one JSON object per file.
  eval [--out DIR] [--size small|full]
                                    Run the engine evaluation and print its table (tools/eval).
  bench [--lookup-sizes 1000,10000,100000]
                                    Run the benchmarks and print their figures (tools/bench).
  robustness [--pieces N] [--quick] [--only pitch|speed|sample] [--source own|recordings]
             [--split tuning|held-out]
                                    Print the robustness curve: top-1 and similarity through pitch shifts,
                                    speed changes and samples mixed under other music, on the repo's own
                                    pieces or on produced recordings by other composers (tools/bench).
  --help                            Show this help.

Environment:
  DATABASE_URL   Postgres URL (default postgresql://postgres@127.0.0.1:5432/originality);
                 the database and the analysis schema are created on first use.
`;

export const DEMO_COUNT_LIMITS = { min: 1, max: 500 } as const;

export function parseCommandLine(argv: readonly string[]): CliCommand {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') return { name: 'help' };
  if (rest.includes('--help') || rest.includes('-h')) return { name: 'help' };
  switch (first) {
    case 'catalog':
    case 'catalogue':
      return parseCatalog(rest);
    case 'analyse':
    case 'analyze':
      return parseAnalyse(rest);
    default:
      throw new UsageError(`unknown command "${first}"`);
  }
}

function parseCatalog(argv: string[]): CliCommand {
  const [sub, ...rest] = argv;
  if (sub === 'import') {
    const { positionals } = strictParse(rest, {}, 'catalog import');
    if (positionals.length !== 1) throw new UsageError('catalog import takes exactly one manifest path');
    return { name: 'catalog-import', manifest: positionals[0]! };
  }
  if (sub === 'demo') {
    const { values, positionals } = strictParse(rest, { count: { type: 'string' } }, 'catalog demo');
    if (positionals.length > 0) throw new UsageError(`catalog demo takes no arguments, got "${positionals[0]}"`);
    const count = values.count === undefined ? null : wholeNumber('--count', values.count, DEMO_COUNT_LIMITS);
    return { name: 'catalog-demo', count };
  }
  if (sub === 'export') {
    const { positionals } = strictParse(rest, {}, 'catalog export');
    if (positionals.length !== 1) throw new UsageError('catalog export takes exactly one file path');
    return { name: 'catalog-export', file: positionals[0]! };
  }
  throw new UsageError(
    sub === undefined ? 'catalog needs a subcommand: import, demo or export' : `unknown catalog subcommand "${sub}"`,
  );
}

function parseAnalyse(argv: string[]): CliCommand {
  const { values, positionals } = strictParse(argv, { json: { type: 'boolean' } }, 'analyse');
  if (positionals.length === 0) throw new UsageError('analyse needs at least one audio file');
  return { name: 'analyse', files: positionals, json: values.json === true };
}

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

function strictParse<T extends OptionSpec>(argv: string[], options: T, command: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs' messages name the option ("Unknown option '--x'"); prefix the command for context.
    throw new UsageError(`${command}: ${(error as Error).message}`);
  }
}

function wholeNumber(option: string, text: string, limits: { min: number; max: number }): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < limits.min || value > limits.max) {
    throw new UsageError(`${option} must be a whole number from ${limits.min} to ${limits.max}, got "${text}"`);
  }
  return value;
}
